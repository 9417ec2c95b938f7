export interface SearchTables {
  /** One per product and language; written only by the database's triggers (migration 0006). */
  search_documents: {
    pid: string;
    language: string;
    brand: string;
    listed: boolean;
    rank: number;
    name_lc: string;
    text_lc: string;
    doc: string;
    grams: string[];
  };
  trending_searches: { brand: string; language: string; position: number; query: string };
}
