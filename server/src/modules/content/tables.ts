import type { ColumnType } from 'kysely';

type Json<T> = ColumnType<T, string, string>;

export interface ContentTables {
  content_pages: {
    cms_page_id: string;
    brand: string;
    language: string;
    global_page_id: string;
    page_url: string;
    parent_page_id: string | null;
    navigation_links_prefix: string | null;
    category: string;
    title: string;
    meta_title: string | null;
    meta_description: string | null;
    navigation_label: string;
    tags: Json<{ id: string; name?: string }[]>;
    background_color: Json<{ desktop: string; tablet: string; mobile: string }>;
    is_rd: boolean;
    countries: string[] | null;
    position: number;
  };
  content_components: {
    brand: string;
    language: string;
    owner_id: string;
    id: string;
    parent_id: string | null;
    position: number;
    type: string;
    data: Json<Record<string, unknown>>;
    context_tags: string[];
    owner_order: number;
  };
  /** A digest of each page's publication and when it last changed (the sitemaps' `lastmod`). */
  content_versions: {
    brand: string;
    page_url: string;
    digest: string;
    changed_at: ColumnType<Date, Date | string, Date | string>;
  };
  /** The same for the whole publication (pages, layout, generic contents, events). */
  content_publications: { brand: string; digest: string; changed_at: ColumnType<Date, Date | string, Date | string> };
  content_generic: { brand: string; language: string; content_id: string; title: string; html: string };
  event_themes: { brand: string; language: string; id: string; label: string; position: number };
  event_locations: {
    brand: string;
    language: string;
    id: string;
    label: string;
    city: string;
    address: string;
    position: number;
  };
  events: {
    brand: string;
    language: string;
    id: string;
    slug: string;
    title: string;
    summary: string;
    theme_id: string;
    location_id: string;
    event_type: string;
    start_at: ColumnType<Date, Date | string, Date | string>;
    end_at: ColumnType<Date, Date | string, Date | string>;
    image: Json<{ src: string; alt: string; width?: number; height?: number }>;
    booking: Json<Record<string, unknown> | null>;
    featured: boolean;
  };
}
