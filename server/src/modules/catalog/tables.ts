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
}
