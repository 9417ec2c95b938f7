// The filters of a listing: which values of a selection apply, the selection as the index and the SQL read it,
// and the facets shown (labels in the market's language, counts, the order of each kind).
import type { Schemas } from '../../shared/http.ts';
import type { Market } from '../markets/index.ts';
import type { CategoryRow, FacetCounts, ResolvedFilters } from './repository.ts';
import type { FilterSelection } from './filter-string.ts';
import type { CatalogKit } from './catalog-kit.ts';
import {
  FACET_TITLES,
  IN_STOCK_LABEL,
  MACRO_COLORS,
  MATERIAL_LABELS,
  ONE_SIZE_LABEL,
} from '../../../../reference/catalog/facets.ts';
import { ONE_SIZE, SIZE_RUNS } from '../../../../reference/catalog/sizes.ts';

const collators = new Map<string, Intl.Collator>();
/** Collators are costly to build: one per language for the process. */
function collatorOf(language: string): Intl.Collator {
  let c = collators.get(language);
  if (!c) collators.set(language, (c = new Intl.Collator(language)));
  return c;
}

const MACRO_COLOR_BY_CODE = new Map(MACRO_COLORS.map((c) => [c.code, c]));
const MACRO_COLOR_ORDER = new Map(MACRO_COLORS.map((c, i) => [c.code, i]));
/** Size codes in size-run order: letters, then numbers ascending, one size last. */
const SIZE_ORDER: ReadonlyMap<string, number> = (() => {
  const letters = SIZE_RUNS.letter ?? [];
  const numbers = [
    ...new Set(
      Object.entries(SIZE_RUNS)
        .filter(([run]) => run !== 'letter')
        .flatMap(([, sizes]) => sizes),
    ),
  ].sort((a, b) => Number(a) - Number(b));
  return new Map([...letters, ...numbers, ONE_SIZE].map((s, i) => [s, i]));
})();

/**
 * The values of a selection that exist (spec: unknown values of a known key are ignored): colour
 * families, leaf-category slugs of the house, material codes, size codes, `instock:true`, and a price
 * range where the market has a currency. Event keys (`themes`, `locations`) do not apply to products.
 */
export function applicable(kit: CatalogKit, selection: FilterSelection, market: Market): FilterSelection {
  const keep = (values: string[] | undefined, known: (v: string) => boolean) => {
    const kept = values?.filter(known);
    return kept?.length ? kept : undefined;
  };
  const out: FilterSelection = {};
  const color = keep(selection.color, (v) => MACRO_COLOR_BY_CODE.has(v));
  if (color) out.color = color;
  const category = keep(selection.category, (v) => kit.bySlug.get(v)?.level === 3);
  if (category) out.category = category;
  const material = keep(selection.material, (v) => v in MATERIAL_LABELS);
  if (material) out.material = material;
  const size = keep(selection.size, (v) => SIZE_ORDER.has(v));
  if (size) out.size = size;
  if (selection.instock) out.instock = true;
  if (selection.price && market.currency) out.price = selection.price;
  return out;
}

export function resolve(kit: CatalogKit, selection: FilterSelection): ResolvedFilters {
  return {
    colors: selection.color,
    leafIds: selection.category?.map((slug) => (kit.bySlug.get(slug) as CategoryRow).id),
    materials: selection.material,
    sizes: selection.size,
    inStock: selection.instock === true,
    price: selection.price,
  };
}

/** The facets shown for the counts of a scope under a selection. */
export function facets(
  kit: CatalogKit,
  counts: FacetCounts,
  selection: FilterSelection,
  market: Market,
): Schemas['Filter'][] {
  const lang = market.language;
  const values = (
    codes: Iterable<string>,
    selected: string[] | undefined,
    count: Map<string, number>,
    label: (code: string) => string,
  ): Schemas['FilterValue'][] => {
    const all = new Set([...codes, ...(selected ?? [])]);
    return [...all].map((value) => ({
      value,
      label: label(value),
      count: count.get(value) ?? 0,
      selected: selected?.includes(value) ?? false,
    }));
  };
  const out: Schemas['Filter'][] = [];
  const multiple = (
    urlName: 'color' | 'category' | 'material' | 'size',
    key: Schemas['FilterKey'],
    list: Schemas['FilterValue'][],
  ) => {
    if (list.length)
      out.push({ key, urlName, label: FACET_TITLES[urlName][lang], selectionType: 'multiple', values: list });
  };

  const colors = values(
    counts.colors.keys(),
    selection.color,
    counts.colors,
    (c) => MACRO_COLOR_BY_CODE.get(c)?.names[lang] ?? c,
  )
    .map((v) => Object.assign({}, v, { hex: MACRO_COLOR_BY_CODE.get(v.value)?.hex ?? '#000000' }))
    .sort((a, b) => (MACRO_COLOR_ORDER.get(a.value) ?? 99) - (MACRO_COLOR_ORDER.get(b.value) ?? 99));
  multiple('color', 'macroColor', colors);

  const leaves = new Map<string, number>();
  for (const [id, n] of counts.leaves) {
    const c = kit.byId.get(id);
    if (c) leaves.set(c.slug, n);
  }
  const leafRows = [...new Set([...leaves.keys(), ...(selection.category ?? [])])].map(
    (slug) => kit.bySlug.get(slug) as CategoryRow,
  );
  const macros = new Set(leafRows.map((c) => kit.ancestry(c)[0]?.id));
  // Leaves of several lines (a search) share names ("Tote bags"): their line tells them apart.
  const leafLabel = (slug: string) => {
    const c = kit.bySlug.get(slug) as CategoryRow;
    const macro = kit.ancestry(c)[0];
    return macros.size > 1 && macro && macro !== c
      ? `${kit.nameOf(c, market)} (${kit.nameOf(macro, market)})`
      : kit.nameOf(c, market);
  };
  // The navigation's order: each leaf's positions down its chain, as a key made once per leaf (made in the
  // comparator, the keys cost more than the rest of the facets of a large listing).
  const navOrder = new Map(
    leafRows.map((c) => [
      c.slug,
      kit
        .ancestry(c)
        .map((a) => String(a.position).padStart(4, '0'))
        .join('.'),
    ]),
  );
  multiple(
    'category',
    'filteringSuperMicroCategory',
    values(leaves.keys(), selection.category, leaves, leafLabel).sort((a, b) =>
      (navOrder.get(a.value) as string).localeCompare(navOrder.get(b.value) as string),
    ),
  );

  const collator = collatorOf(lang);
  multiple(
    'material',
    'materialFilter',
    values(counts.materials.keys(), selection.material, counts.materials, (m) => MATERIAL_LABELS[m]?.[lang] ?? m).sort(
      (a, b) => collator.compare(a.label, b.label),
    ),
  );

  const sizes = values(counts.sizes.keys(), selection.size, counts.sizes, (s) =>
    s === ONE_SIZE ? ONE_SIZE_LABEL[lang] : s,
  ).sort((a, b) => (SIZE_ORDER.get(a.value) ?? 9999) - (SIZE_ORDER.get(b.value) ?? 9999));
  // A listing of one-size pieces only (bags, jewellery) has no size choice to offer.
  if (!(sizes.length === 1 && sizes[0]?.value === ONE_SIZE && !sizes[0].selected)) multiple('size', 'size', sizes);

  out.push({
    key: 'inStock',
    urlName: 'instock',
    label: FACET_TITLES.instock[lang],
    selectionType: 'toggle',
    values: [
      { value: 'true', label: IN_STOCK_LABEL[lang], count: counts.inStock, selected: selection.instock === true },
    ],
  });

  if (market.currency) {
    const min = counts.priceMin ?? selection.price?.min ?? 0;
    const max = counts.priceMax ?? selection.price?.max ?? 0;
    out.push({
      key: 'price',
      urlName: 'price',
      label: FACET_TITLES.price[lang],
      selectionType: 'range',
      values: [],
      // Whole units, outward: a range slider over them always includes every product.
      range: {
        min: Math.floor(min),
        max: Math.ceil(max),
        selectedMin: selection.price?.min ?? null,
        selectedMax: selection.price?.max ?? null,
        currencyCode: market.currency,
      },
    });
  }
  return out;
}
