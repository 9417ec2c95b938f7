import { Router } from 'express';
import type { MarketService } from './service.ts';
import type { Schemas } from '../../shared/http.ts';

export function marketRoutes(markets: MarketService): Router {
  const router = Router();
  router.get('/api/data/locale-mdm/countries', (_req, res) => {
    const body: Schemas['CountriesResponse'] = {
      countries: markets.countries() as Schemas['Country'][],
      regions: markets.regions(),
    };
    res.set('Cache-Control', 'public, max-age=300').json(body);
  });
  return router;
}
