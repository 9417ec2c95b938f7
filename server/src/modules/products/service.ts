// The product data's door: one service over its use cases — availability.ts, prices.ts, product-page.ts (tiles
// and the product page), product-shipping.ts, back-in-stock.ts, recommendations.ts, size-guide.ts — which share
// product-kit.ts.
import type { DB } from '../../db/database.ts';
import type { ErrorCode } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import type { RecaptchaVerifier } from '../../shared/recaptcha.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { Market, MarketService } from '../markets/index.ts';
import { ProductKit } from './product-kit.ts';
import { availabilities, availability } from './availability.ts';
import { prices, pricesList } from './prices.ts';
import { hitTiles, productPage, type ProductPageData } from './product-page.ts';
import { shippingInfo, shippingMethods } from './product-shipping.ts';
import { subscribeBackInStock } from './back-in-stock.ts';
import { algoliaRecommendations, checkShopper, manualRecommendations, recentlyViewed } from './recommendations.ts';
import { sizeGuide } from './size-guide.ts';

export { MAX_PIDS } from './product-kit.ts';
export { emailProblem } from './back-in-stock.ts';
/** The documented token the test verifier accepts (outside production only). */
export { TEST_RECAPTCHA_TOKEN } from '../../shared/recaptcha.ts';

/** Availability, prices, tiles, delivery, back-in-stock alerts, recommendations and size guides of products. */
export class ProductDataService {
  private readonly kit: ProductKit;
  constructor(
    db: DB,
    catalog: CatalogService,
    markets: MarketService,
    brand: string,
    options: { recaptcha: RecaptchaVerifier; clock?: () => Date },
  ) {
    this.kit = new ProductKit(db, catalog, markets, brand, options);
  }

  /** `pids` as the contract allows it (format checked by the validator): count, case, repeats. */
  parsePids(raw: string): string[] {
    return this.kit.parsePids(raw);
  }

  availability(pid: string, market: Market): Promise<Schemas['ProductAvailability']> {
    return availability(this.kit, pid, market);
  }

  availabilities(rawPids: string, market: Market): Promise<Schemas['ProductAvailabilityList']> {
    return availabilities(this.kit, rawPids, market);
  }

  prices(pid: string, market: Market): Promise<Schemas['ProductPrices']> {
    return prices(this.kit, pid, market);
  }

  pricesList(rawPids: string, market: Market): Promise<Schemas['ProductPricesList']> {
    return pricesList(this.kit, rawPids, market);
  }

  hitTiles(rawPids: string, market: Market): Promise<Schemas['HitTileList']> {
    return hitTiles(this.kit, rawPids, market);
  }

  /** The product page's own data of `pid` (ERR_PDT_API_1001 when the market does not sell it). */
  productPage(pid: string, market: Market): Promise<ProductPageData> {
    return productPage(this.kit, pid, market);
  }

  shippingMethods(pid: string, market: Market): Promise<Schemas['ShippingInfoMethodList']> {
    return shippingMethods(this.kit, pid, market);
  }

  shippingInfo(pid: string, market: Market, size?: string): Promise<Schemas['ShippingInfo']> {
    return shippingInfo(this.kit, pid, market, size);
  }

  subscribeBackInStock(
    pid: string,
    market: Market,
    body: Schemas['BackInStockRequest'],
  ): Promise<Schemas['BackInStockSubscription']> {
    return subscribeBackInStock(this.kit, pid, market, body);
  }

  checkShopper(
    usid: string | undefined,
    sessionId: string | undefined,
    market: Market,
    code: 'ERR_RCM_API_1000' | 'ERR_REC_API_1000',
    failure: ErrorCode,
  ): Promise<void> {
    return checkShopper(this.kit, usid, sessionId, market, code, failure);
  }

  manualRecommendations(pid: string, market: Market): Promise<Schemas['RecommendationList']> {
    return manualRecommendations(this.kit, pid, market);
  }

  algoliaRecommendations(
    model: Schemas['RecommendationModel'],
    pid: string | undefined,
    market: Market,
    max: number,
    usid: string | undefined,
  ): Promise<Schemas['RecommendationList']> {
    return algoliaRecommendations(this.kit, model, pid, market, max, usid);
  }

  recentlyViewed(rawPids: string, market: Market): Promise<Schemas['RecentlyViewedList']> {
    return recentlyViewed(this.kit, rawPids, market);
  }

  sizeGuide(
    categories: { macro: string; micro: string; 'super-micro'?: string | undefined },
    market: Market,
  ): Schemas['SizeGuide'] {
    return sizeGuide(this.kit, categories, market);
  }
}
