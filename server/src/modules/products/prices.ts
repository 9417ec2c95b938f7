// Prices: each product's price in the market, with its formatted list and sale prices, for one or many pids.
import type { Schemas } from '../../shared/http.ts';
import { formatPrice } from '../../../../reference/markets/format.ts';
import type { Market } from '../markets/index.ts';
import { toMarketDto } from '../markets/index.ts';
import type { ProductDataRow } from './repository.ts';
import type { ProductKit } from './product-kit.ts';

function priceOf(row: ProductDataRow, market: Market): Schemas['Price'] | null {
  if (!market.currency || row.list_price === null) return null;
  return { listPriceValue: row.list_price, salePriceValue: row.sale_price, currencyCode: market.currency };
}

function pricesOf(row: ProductDataRow, market: Market): Schemas['ProductPrices'] {
  const price = priceOf(row, market);
  const sale = price?.salePriceValue ?? null;
  const discount =
    price && sale !== null && sale < price.listPriceValue ? Math.round((1 - sale / price.listPriceValue) * 100) : null;
  return {
    pid: row.pid,
    price,
    discountPercent: discount === null ? null : Math.min(99, Math.max(1, discount)),
    formatted: price
      ? {
          list: formatPrice(price.listPriceValue, price.currencyCode, market.locale),
          sale: sale === null ? null : formatPrice(sale, price.currencyCode, market.locale),
        }
      : null,
    // Every size has the product's price in this catalogue.
    variants: price ? row.variants.map((v) => ({ sku: v.sku, size: v.size, price })) : [],
  };
}

export async function prices(kit: ProductKit, pid: string, market: Market): Promise<Schemas['ProductPrices']> {
  return pricesOf(await kit.one(pid, market, 'ERR_PDT_API_1004'), market);
}

export async function pricesList(
  kit: ProductKit,
  rawPids: string,
  market: Market,
): Promise<Schemas['ProductPricesList']> {
  const { rows, missingPids } = await kit.many(kit.parsePids(rawPids), market, 'ERR_PDT_API_1010');
  return { market: toMarketDto(market), products: rows.map((r) => pricesOf(r, market)), missingPids };
}
