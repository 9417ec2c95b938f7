import type { Generated } from 'kysely';

export interface MediaTables {
  /** A product view's imported photo (migration 0028); its files are under MEDIA_DIR/photos/{pid}/{view}/. */
  product_photos: {
    pid: string;
    view: number;
    /** 16 hex digits of the SHA-256 of the pipeline version and the source file: opens every file name. */
    hash: string;
    width: number;
    height: number;
    /** Widths made, ascending. */
    widths: number[];
    /** Formats made: `avif`, `webp`, `jpg`. */
    formats: string[];
    /** `data:image/webp;base64,…`, 16 pixels wide, blurred. */
    placeholder: string;
    /** The imported file's name (relative to the imported folder), for the operator. */
    source_name: string;
    imported_at: Generated<Date>;
  };
}
