import type { MarketService } from '../markets/index.ts';
import { marketOf } from '../../shared/market-context.ts';
import { AppError } from '../../shared/errors.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { StoreService } from './service.ts';

export function storeRoutes(ops: OperationRegistry, stores: StoreService, markets: MarketService): void {
  ops.on('getStores', async (req, res) => {
    const market = marketOf(req, res, markets);
    const q = req.query as { country?: string; latitude?: number | string; longitude?: number | string };
    if ((q.latitude === undefined) !== (q.longitude === undefined)) {
      const missing = q.latitude === undefined ? 'latitude' : 'longitude';
      throw new AppError('ERR_API_1018', 'latitude and longitude are sent together.', [{ path: `query/${missing}`, message: 'is required with the other coordinate' }]);
    }
    const position = q.latitude !== undefined ? { latitude: Number(q.latitude), longitude: Number(q.longitude) } : undefined;
    const country = q.country ?? market.country;
    let body;
    try {
      body = await stores.list(country, market, position);
    } catch (err) {
      // The store master data failed: the internal cause is logged, the client gets the STS code.
      req.log.error({ err, code: 'ERR_GLS_1004' }, 'store master data failed');
      throw new AppError('ERR_STS_API_1001');
    }
    res.set('Cache-Control', 'public, max-age=600').json(body);
  });
}
