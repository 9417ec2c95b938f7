import type { Generated } from 'kysely';

export interface CatalogTables {
  categories: {
    id: string;
    brand: string;
    slug: string;
    parent_id: string | null;
    level: number;
    gender: string;
    position: number;
  };
  category_translations: { category_id: string; language: string; name: string };
  products: {
    pid: string;
    brand: string;
    category_id: string;
    gender_code: string | null;
    slug: string;
    color_code: string;
    color_hex: string;
    macro_color: string;
    micro_color: string;
    material: string;
    size_group: string | null;
    image_count: number;
    born_season: string;
    created_at: Date | string;
    rank: number;
    is_employee_only: Generated<boolean>;
    is_rd: Generated<boolean>;
    is_sellable_online: Generated<boolean>;
    is_ecom_assortment: Generated<boolean>;
    is_preorderable: Generated<boolean>;
    /** Groups the colours of one style (same model, material and cut). */
    style_code: Generated<string>;
    /** Style-material-colour code: one per product (colour). */
    smc_id: Generated<string>;
    /** Model name for compact cards; empty when the product has none. */
    short_name: Generated<string>;
    /** A dense number per product (identity): how a search's matches reach the listing index. */
    num: Generated<number>;
    /** Pid of the same product in the other gender's line. */
    gender_association: string | null;
    /** Announced, not on sale yet. */
    is_coming_soon: Generated<boolean>;
    /** How it is bought: online, by a call to client service, or through the contact form. */
    sale_channel: Generated<'online' | 'call' | 'contact'>;
    /** Back-in-stock alerts open when sold out. */
    notify_me: Generated<boolean>;
    /** Merchandising tags, `generic tag 1` … `generic tag 5`. */
    generic_tags: Generated<string[]>;
  };
  product_translations: {
    pid: string;
    language: string;
    name: string;
    description: string;
    composition: string;
    color_name: string;
  };
  product_variants: { sku: string; pid: string; size: string; position: number; stock: number };
  product_prices: { pid: string; currency: string; list_price: number; sale_price: number | null };
  looks: {
    id: string;
    brand: string;
    slug: string;
    born_event_code: string | null;
    born_season_code: string | null;
    position: number;
    image_count: number;
    is_rd: Generated<boolean>;
  };
  look_translations: { look_id: string; language: string; name: string; description: string | null };
  look_products: { look_id: string; pid: string; position: number };
  collections: {
    id: string;
    brand: string;
    slug: string;
    born_event_code: string | null;
    born_season_code: string | null;
    position: number;
    is_rd: Generated<boolean>;
  };
  collection_translations: { collection_id: string; language: string; name: string; description: string | null };
  collection_products: { collection_id: string; pid: string; position: number };
  collection_looks: { collection_id: string; look_id: string; position: number };
}
