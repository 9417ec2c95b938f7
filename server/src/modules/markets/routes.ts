import type { MarketService } from './service.ts';
import type { Schemas } from '../../shared/http.ts';
import type { OperationRegistry } from '../../shared/operations.ts';

export function marketRoutes(ops: OperationRegistry, markets: MarketService): void {
  ops.on('getCountries', (_req, res) => {
    const body: Schemas['CountriesResponse'] = {
      countries: markets.countries() as Schemas['Country'][],
      regions: markets.regions(),
      currencies: markets.currencies() as Schemas['CountriesResponse']['currencies'],
    };
    res.set('Cache-Control', 'public, max-age=300').json(body);
  });
}
