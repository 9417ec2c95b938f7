import type { MarketService } from '../markets/index.ts';
import { marketOf } from '../markets/index.ts';
import { toMarketDto } from '../markets/index.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import type { CalendarFilters, CatalogService } from './service.ts';

const optionalInt = (v: unknown) => (v === undefined ? undefined : Number(v));
const optionalString = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** `calendars` answers the filters of a "rive droite" calendar (`getListingFilters` serves both). */
export function catalogRoutes(
  ops: OperationRegistry,
  catalog: CatalogService,
  markets: MarketService,
  calendars?: CalendarFilters,
): void {
  ops.on('getCategoryNavigation', (req, res) => {
    const market = marketOf(req, res, markets);
    res
      .set('Cache-Control', 'public, max-age=60')
      .json({ market: toMarketDto(market), categories: catalog.navigation(market) });
  });
  ops.on('getCategory', async (req, res) => {
    const listing = await catalog.listing({
      slug: String(req.params.slug),
      market: marketOf(req, res, markets),
      sort: req.query.sort,
      page: optionalInt(req.query.page),
      pageSize: optionalInt(req.query.pageSize),
      filters: optionalString(req.query.filters),
    });
    res.set('Cache-Control', 'public, max-age=60').json(listing);
  });
  ops.on('getListingFilters', async (req, res) => {
    const filters = await catalog.listingFilters(
      String(req.query.category),
      optionalString(req.query.filters),
      marketOf(req, res, markets),
      calendars,
    );
    res.set('Cache-Control', 'public, max-age=60').json(filters);
  });
  ops.on('getPlpNavigation', (req, res) => {
    // The validator has coerced `isRd` to a boolean.
    const isRd = String(req.query.isRd) === 'true';
    const navigation = catalog.plpNavigation(String(req.query.pageEntryId), isRd, marketOf(req, res, markets));
    res.set('Cache-Control', 'public, max-age=60').json(navigation);
  });
}
