import type { MarketService } from './service.ts';
import type { Schemas } from '../../shared/http.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import { marketOf } from './market-context.ts';
import { countryAddressFormats } from './addresses.ts';

export function marketRoutes(ops: OperationRegistry, markets: MarketService): void {
  ops.handle('getCountries', {
    run: ({ res }) => {
      const body: Schemas['CountriesResponse'] = {
        countries: markets.countries() as Schemas['Country'][],
        regions: markets.regions(),
        currencies: markets.currencies() as Schemas['CountriesResponse']['currencies'],
      };
      res.set('Cache-Control', 'public, max-age=300');
      return body;
    },
  });

  ops.handle('getCountryAddressFormats', {
    run: ({ query, req, res }) => {
      res.set('Cache-Control', 'public, max-age=86400');
      return countryAddressFormats(marketOf(req, res, markets), query.country);
    },
  });
}
