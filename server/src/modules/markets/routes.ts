import type { MarketService } from './service.ts';
import type { Schemas } from '../../shared/http.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import { marketOf } from './market-context.ts';
import { countryAddressFormats } from './addresses.ts';

export function marketRoutes(ops: OperationRegistry, markets: MarketService): void {
  ops.on('getCountries', (_req, res) => {
    const body: Schemas['CountriesResponse'] = {
      countries: markets.countries() as Schemas['Country'][],
      regions: markets.regions(),
      currencies: markets.currencies() as Schemas['CountriesResponse']['currencies'],
    };
    res.set('Cache-Control', 'public, max-age=300').json(body);
  });

  ops.on('getCountryAddressFormats', (req, res) => {
    const country = typeof req.query.country === 'string' ? req.query.country : undefined;
    const body = countryAddressFormats(marketOf(req, res, markets), country);
    res.set('Cache-Control', 'public, max-age=86400').json(body);
  });
}
