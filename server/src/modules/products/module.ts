import type { DB } from '../../db/database.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { RecaptchaVerifier } from '../../shared/recaptcha.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { MarketService } from '../markets/index.ts';
import type { SessionService } from '../sessions/index.ts';
import { productDataRoutes } from './routes.ts';
import { ProductDataService } from './service.ts';

/** Product data (availability, prices, delivery, back-in-stock, lists, size guides): the service and its routes. */
export function productsModule(deps: {
  ops: OperationRegistry;
  db: DB;
  brand: string;
  catalog: CatalogService;
  markets: MarketService;
  sessions: SessionService;
  recaptcha: RecaptchaVerifier;
}): { productData: ProductDataService } {
  const productData = new ProductDataService(deps.db, deps.catalog, deps.markets, deps.brand, {
    recaptcha: deps.recaptcha,
  });
  productDataRoutes(deps.ops, productData, deps.sessions, deps.markets);
  return { productData };
}
