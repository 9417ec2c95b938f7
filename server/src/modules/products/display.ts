// Availability of a product and of each size as the storefront shows it: stock values, tags and the
// display status of each of the five display contexts (spec §3). The table is in
// docs/decisions/0059-availability-display-the-status-of-each-display-context.md; this file is its one implementation.
import type { Schemas } from '../../shared/http.ts';
import { deriveAvailability } from '../catalog/index.ts';

type Status = Schemas['ProductAvailabilityDisplayStatus'];
type Tag = Schemas['ProductAvailabilityTag'];
type Stock = Schemas['ProductAvailabilityStock'];
type Context = Schemas['ProductAvailabilityDisplayContext'];

export const DISPLAY_CONTEXTS: readonly Context[] = [
  'card',
  'product page',
  'size dropdown',
  'minicart',
  'recommendations',
];

/** Statuses a recommendation carousel shows; anything else (out of stock, notify me, find in store) is left out. */
const RECOMMENDABLE = new Set<Status>(['available', 'pre-order', 'coming soon', 'call to buy', 'contact us']);

const GENERIC_TAGS = new Set<Tag>([
  'generic tag 1',
  'generic tag 2',
  'generic tag 3',
  'generic tag 4',
  'generic tag 5',
]);

export interface AvailabilityInput {
  is_sellable_online: boolean;
  is_ecom_assortment: boolean;
  is_preorderable: boolean;
  is_coming_soon: boolean;
  sale_channel: 'online' | 'call' | 'contact';
  notify_me: boolean;
  generic_tags: readonly string[];
  variants: readonly { sku: string; size: string; stock: number }[];
}

/**
 * What decides every status, in priority order: announced (coming soon), not sold online at all
 * (non-ecom: boutiques only), sold through client service (call / contact), then the online stock.
 */
type Channel = 'coming soon' | 'non-ecom' | 'call' | 'contact' | 'online';

function channelOf(p: AvailabilityInput): Channel {
  if (p.is_coming_soon) return 'coming soon';
  if (!p.is_ecom_assortment) return 'non-ecom';
  if (p.sale_channel === 'call') return 'call';
  if (p.sale_channel === 'contact') return 'contact';
  return 'online';
}

const CHANNEL_STATUS: Record<Exclude<Channel, 'online'>, Status> = {
  'coming soon': 'coming soon',
  'non-ecom': 'find in store',
  call: 'call to buy',
  contact: 'contact us',
};

/** A size can be bought online now. */
function buyable(p: AvailabilityInput, stock: number): boolean {
  return p.is_sellable_online && p.is_ecom_assortment && stock > 0;
}

/** Status of one size in the size dropdown (and on the product page once that size is chosen). */
export function sizeStatus(p: AvailabilityInput, stock: number): Status {
  const channel = channelOf(p);
  if (channel !== 'online') return CHANNEL_STATUS[channel];
  if (buyable(p, stock)) return 'available';
  if (p.is_preorderable) return 'pre-order';
  return p.notify_me ? 'notify me' : 'out of stock';
}

function sizeStock(p: AvailabilityInput, stock: number): Stock {
  if (p.is_coming_soon) return 'coming soon';
  if (buyable(p, stock)) return 'in_stock';
  if (p.is_preorderable && p.is_ecom_assortment) return 'preorder';
  return p.notify_me && p.is_ecom_assortment && p.sale_channel === 'online' ? 'notifyMe' : 'out_of_stock';
}

function sizeTags(p: AvailabilityInput, stock: number): Tag[] {
  const tags: Tag[] = [];
  if (p.is_coming_soon) tags.push('coming soon');
  if (!p.is_ecom_assortment) tags.push('non-ecom');
  if (!p.is_coming_soon && buyable(p, stock)) {
    tags.push('available online');
    if (stock === 1) tags.push('last item left');
  }
  if (stock === 0) tags.push('out of stock');
  const status = sizeStatus(p, stock);
  if (status === 'pre-order') tags.push('pre-order');
  if (status === 'notify me') tags.push('notify me');
  return tags;
}

export interface ProductDisplay {
  availability: Schemas['Availability'];
  stock: Stock;
  tags: Tag[];
  display: Schemas['ProductAvailabilityDisplay'][];
  variants: Schemas['VariantAvailability'][];
  /** The status recommendation carousels use; the product is left out of them unless `recommendable`. */
  recommendable: boolean;
}

/** The availability of a product and of each of its sizes, and what each display context shows. */
export function productDisplay(p: AvailabilityInput): ProductDisplay {
  const totalStock = p.variants.reduce((s, v) => s + v.stock, 0);
  const availability = deriveAvailability(p, totalStock);
  const channel = channelOf(p);
  const variants: Schemas['VariantAvailability'][] = p.variants.map((v) => ({
    sku: v.sku,
    size: v.size,
    // `TU` (one size) is translated by the storefront.
    displayValue: v.size,
    stock: sizeStock(p, v.stock),
    inStock: buyable(p, v.stock),
    lowStock: buyable(p, v.stock) && v.stock === 1,
    tags: sizeTags(p, v.stock),
    displayStatus: sizeStatus(p, v.stock),
  }));

  // The product's own status, from its derived stock status (spec §3).
  let own: Status;
  if (channel !== 'online') own = CHANNEL_STATUS[channel];
  else if (availability.stockStatus === 'in_stock') own = 'available';
  else if (availability.stockStatus === 'preorder') own = 'pre-order';
  else own = p.notify_me ? 'notify me' : 'out of stock';

  // A card and a basket line cannot take an alert: "notify me" is offered on the product page only.
  const soldOutLabel = (s: Status): Status => (s === 'notify me' ? 'out of stock' : s);
  // The size dropdown as a whole: available while one size is, else the product's status.
  const dropdown = variants.some((v) => v.displayStatus === 'available') ? 'available' : own;
  const statusOf: Record<Context, Status> = {
    card: soldOutLabel(own),
    'product page': own,
    'size dropdown': dropdown,
    minicart: channel === 'non-ecom' ? 'out of stock' : soldOutLabel(own),
    recommendations: soldOutLabel(own),
  };

  const stock: Stock =
    channel === 'coming soon'
      ? 'coming soon'
      : availability.stockStatus === 'in_stock'
        ? 'in_stock'
        : availability.stockStatus === 'preorder'
          ? 'preorder'
          : channel === 'online' && p.notify_me
            ? 'notifyMe'
            : 'out_of_stock';

  const tags: Tag[] = p.generic_tags.filter((t): t is Tag => GENERIC_TAGS.has(t as Tag));
  if (channel === 'coming soon') tags.push('coming soon');
  if (!p.is_ecom_assortment) tags.push('non-ecom');
  if (own === 'pre-order') tags.push('pre-order');
  if (own === 'notify me') tags.push('notify me');
  if (channel !== 'coming soon' && availability.inStock) {
    tags.push('available online');
    if (totalStock === 1) tags.push('last item left');
  }
  if (!availability.inStock && channel !== 'coming soon') tags.push('sold out');
  if (totalStock === 0) tags.push('out of stock');

  return {
    availability,
    stock,
    tags,
    display: DISPLAY_CONTEXTS.map((context) => ({ context, status: statusOf[context] })),
    variants,
    recommendable: RECOMMENDABLE.has(statusOf.recommendations),
  };
}
