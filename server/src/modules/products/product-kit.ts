// What the product data's use cases share: the database and the catalogue, the market's scope, the data
// source's failure codes, the `pids` list, the rows of one or many products, the tile and the clock.
import type { DB } from '../../db/database.ts';
import { AppError, type ErrorCode } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import type { RecaptchaVerifier } from '../../shared/recaptcha.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { Market, MarketService } from '../markets/index.ts';
import { KeptRows } from '../../shared/kept-rows.ts';
import { KEPT_PRODUCT_MS, MAX_KEPT_PRODUCTS } from '../catalog/index.ts';
import { findProductPage, findProducts, type ProductDataRow, type ProductPageRows, type Scope } from './repository.ts';

/** Spec §5 leaves the maximum open: 48, two full listing pages of 24 (docs/decisions/0067-maximum-pids.md). */
export const MAX_PIDS = 48;

/** A text in the market's language, English when it has none. */
export const inLanguage = (texts: Record<string, string>, language: string) => texts[language] ?? texts.en ?? '';

/** The sources and the reads every use case of the product data starts from. */
export class ProductKit {
  /** Product pages' rows kept in memory (`pageRows`); its `reads` count those given from memory and read. */
  readonly keptPages = new KeptRows<{ pid: string; rows: ProductPageRows }>(MAX_KEPT_PRODUCTS, KEPT_PRODUCT_MS);

  constructor(
    readonly db: DB,
    readonly catalog: CatalogService,
    readonly markets: MarketService,
    readonly brand: string,
    readonly options: { recaptcha: RecaptchaVerifier; clock?: () => Date },
  ) {}

  scope(market: Market): Scope {
    return { brand: this.brand, language: market.language, currency: market.currency };
  }

  /**
   * Runs a read, turning a failure of the data source into the operation's own 502 code (the cause is
   * kept for the log); business errors pass through.
   */
  async source<T>(code: ErrorCode, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw Object.assign(new AppError(code), { cause: err });
    }
  }

  /**
   * What the product page reads of `pid` in the market (`findProductPage`; none: not sold there): from memory
   * while the catalogue's kept product rows may be used (`CatalogService.keptProductGeneration`, decision 0200),
   * otherwise one statement.
   */
  async pageRows(pid: string, market: Market): Promise<ProductPageRows | undefined> {
    const scope = this.scope(market);
    const [kept] = await this.keptPages.of(
      () => this.catalog.keptProductGeneration(),
      `${scope.language}|${scope.currency ?? ''}|`,
      [pid],
      async () => {
        const rows = await findProductPage(this.db, scope, pid);
        return rows ? [{ pid, rows }] : [];
      },
    );
    return kept?.rows;
  }

  /** `pids` as the contract allows it (format checked by the validator): count, case, repeats. */
  parsePids(raw: string): string[] {
    const ids = raw.split(',');
    if (ids.length > MAX_PIDS)
      throw new AppError('ERR_API_1007', `${ids.length} ids were sent; at most ${MAX_PIDS} are answered.`);
    return [...new Set(ids.map((p) => p.toUpperCase()))];
  }

  async one(pid: string, market: Market, code: ErrorCode): Promise<ProductDataRow> {
    const id = pid.toUpperCase();
    const [row] = await this.source(code, () => findProducts(this.db, this.scope(market), [id]));
    if (!row) throw new AppError('ERR_PDT_API_1001', `No product ${id} in this market.`);
    return row;
  }

  /** Rows of `pids` in their order, and the ids the market does not sell. */
  async many(
    pids: string[],
    market: Market,
    code: ErrorCode,
  ): Promise<{ rows: ProductDataRow[]; missingPids: string[] }> {
    const found = await this.source(code, () => findProducts(this.db, this.scope(market), pids));
    const byPid = new Map(found.map((r) => [r.pid, r]));
    return {
      rows: pids.flatMap((p) => byPid.get(p) ?? []),
      missingPids: pids.filter((p) => !byPid.has(p)),
    };
  }

  tileOf(row: ProductDataRow, market: Market): Schemas['ProductTile'] {
    // The catalogue's tile, fed with the stock summed over this row's sizes.
    return this.catalog.tile(
      row,
      market,
      row.variants.reduce((s, v) => s + v.stock, 0),
    );
  }

  now(): Date {
    return this.options.clock?.() ?? new Date();
  }
}
