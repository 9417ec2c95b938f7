export { MarketService, toMarketDto, DEFAULT_LOCALE, LOCALE_PATTERN, LANGUAGES } from './service.ts';
export { marketOf } from './market-context.ts';
export type { Market, Language } from './service.ts';
export type { MarketTables, CountryData, RegionData } from './tables.ts';
export { pricesIncludeTax } from './tax.ts';
export { totals, taxIncluded, sameAmount, round, type Totals } from './pricing.ts';
export { marketsModule } from './module.ts';
