// Delivery of a product: the market's shipping methods (backend) and a size's delivery options with estimates.
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { formatDate } from '../../../../reference/markets/format.ts';
import { toMarketDto, type Market } from '../markets/index.ts';
import { productDisplay, sizeStatus } from './display.ts';
import { hasBoutiqueIn } from './repository.ts';
import { KIND_LABELS, shippingMethods as shippingCalendar, type Method } from './shipping.ts';
import { inLanguage, type ProductKit } from './product-kit.ts';

async function methodsOf(kit: ProductKit, market: Market): Promise<Method[]> {
  const boutique = await kit.source('ERR_PDT_API_1012', () => hasBoutiqueIn(kit.db, kit.brand, market.country));
  const methods = shippingCalendar(kit.now(), market, boutique);
  if (!methods) throw new AppError('ERR_PDT_API_1005', `No delivery calendar for ${market.country}.`);
  return methods;
}

function eta(m: Method, market: Market): Schemas['ShippingInfoEta'] {
  return {
    from: m.from,
    to: m.to,
    label: `${formatDate(m.from, market.country)} – ${formatDate(m.to, market.country)}`,
  };
}

/** Backend-only: the shipping methods of a product in a market. */
export async function shippingMethods(
  kit: ProductKit,
  pid: string,
  market: Market,
): Promise<Schemas['ShippingInfoMethodList']> {
  const row = await kit.one(pid, market, 'ERR_PDT_API_1012');
  let methods: Method[];
  try {
    methods = await methodsOf(kit, market);
  } catch (err) {
    // The backend call has its own failure code; the ATP message is the shopper-facing one.
    if (err instanceof AppError && err.code === 'ERR_PDT_API_1005') throw new AppError('ERR_PDT_API_1012', err.detail);
    throw err;
  }
  return {
    pid: row.pid,
    market: toMarketDto(market),
    currencyCode: market.currency,
    methods: methods.map((m) => ({
      id: m.id,
      kind: m.kind,
      deliveryMethod: m.deliveryMethod,
      name: inLanguage(KIND_LABELS[m.kind], market.language),
      cost: m.cost,
      eta: eta(m, market),
    })),
  };
}

/**
 * Delivery options of a size (by default the first size in stock). Options are unavailable, without an
 * estimate, for a size that cannot be bought online now; a pre-order ships later, so it has no estimate.
 */
export async function shippingInfo(
  kit: ProductKit,
  pid: string,
  market: Market,
  size?: string,
): Promise<Schemas['ShippingInfo']> {
  const row = await kit.one(pid, market, 'ERR_PDT_API_1018');
  const variant =
    size === undefined
      ? (row.variants.find((v) => sizeStatus(row, v.stock) === 'available') ?? null)
      : row.variants.find((v) => v.size === size.toUpperCase() || v.size === size);
  if (variant === undefined) throw new AppError('ERR_PDT_API_1007', `${row.pid} has no size ${size ?? ''}.`);
  const methods = await methodsOf(kit, market);
  const status = variant ? sizeStatus(row, variant.stock) : productDisplay(row).display[1]?.status;
  return {
    pid: row.pid,
    size: variant?.size ?? null,
    market: toMarketDto(market),
    currencyCode: market.currency,
    options: methods.map((m) => ({
      kind: m.kind,
      label: inLanguage(KIND_LABELS[m.kind], market.language),
      available: status === 'available' || status === 'pre-order',
      cost: m.cost,
      eta: status === 'available' ? eta(m, market) : null,
    })),
  };
}
