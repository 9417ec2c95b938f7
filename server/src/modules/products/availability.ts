// Availability: each product's display statuses, stock, tags and sizes, for one product or a list of pids.
import type { Schemas } from '../../shared/http.ts';
import { toMarketDto, type Market } from '../markets/index.ts';
import { productDisplay } from './display.ts';
import type { ProductDataRow } from './repository.ts';
import type { ProductKit } from './product-kit.ts';

function availabilityOf(row: ProductDataRow): Schemas['ProductAvailability'] {
  const d = productDisplay(row);
  return {
    pid: row.pid,
    availability: d.availability,
    stock: d.stock,
    tags: d.tags,
    display: d.display,
    variants: d.variants,
  };
}

export async function availability(
  kit: ProductKit,
  pid: string,
  market: Market,
): Promise<Schemas['ProductAvailability']> {
  return availabilityOf(await kit.one(pid, market, 'ERR_PDT_API_1009'));
}

export async function availabilities(
  kit: ProductKit,
  rawPids: string,
  market: Market,
): Promise<Schemas['ProductAvailabilityList']> {
  const { rows, missingPids } = await kit.many(kit.parsePids(rawPids), market, 'ERR_PDT_API_1009');
  return { market: toMarketDto(market), products: rows.map((r) => availabilityOf(r)), missingPids };
}
