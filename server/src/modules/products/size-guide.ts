// The size guide of a category, in the market's size system first.
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import type { Market } from '../markets/index.ts';
import { sizeGuideRegionOf } from '../../../../reference/markets/index.ts';
import { SIZE_SYSTEMS, sizeGuideFor } from '../../../../reference/catalog/size-guides.ts';
import type { ProductKit } from './product-kit.ts';

export function sizeGuide(
  kit: ProductKit,
  categories: { macro: string; micro: string; 'super-micro'?: string | undefined },
  market: Market,
): Schemas['SizeGuide'] {
  const found = sizeGuideFor(kit.brand, {
    macro: categories.macro,
    micro: categories.micro,
    superMicro: categories['super-micro'],
  });
  if (!found)
    throw new AppError(
      'ERR_CTT_API_1007',
      `No size guide for ${[categories.macro, categories.micro, categories['super-micro']].filter(Boolean).join(' > ')}.`,
    );
  const region = sizeGuideRegionOf(market.country);
  return {
    group: found.guide.group,
    region,
    regions: [region, ...SIZE_SYSTEMS.filter((s) => s !== region)],
    title: found.guide.title[market.language],
    introduction: found.guide.introduction[market.language],
    rows: found.rows.map((r) => ({
      size: r.size,
      conversions: { ...r.conversions },
      measurements: { ...r.measurements },
    })),
  };
}
