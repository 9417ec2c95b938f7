export { MarketService, toMarketDto, DEFAULT_LOCALE } from './service.ts';
export { marketOf } from './market-context.ts';
export type { Market } from './service.ts';
export { pricesIncludeTax } from './tax.ts';
export { totals, taxIncluded, sameAmount } from './pricing.ts';
export { marketsModule } from './module.ts';
