import { AppError } from '../../shared/errors.ts';

/**
 * Spec §3 filter string: comma-separated entries `urlName:value1|value2`. The URL names, in the fixed order a
 * normalised string writes them.
 */
export const FILTER_URL_NAMES = [
  'color',
  'category',
  'material',
  'size',
  'instock',
  'price',
  'themes',
  'locations',
] as const;
export type FilterUrlName = (typeof FILTER_URL_NAMES)[number];

export interface PriceRange {
  /** Major units of the market currency, inclusive. */
  min: number;
  max: number;
}

/** A parsed filter string. Absent keys are not filtered on; lists are sorted and without duplicates. */
export interface FilterSelection {
  color?: string[];
  category?: string[];
  material?: string[];
  size?: string[];
  instock?: true;
  price?: PriceRange;
  themes?: string[];
  locations?: string[];
}

/** Same bound as the contract's `filters` parameter: the parser is also fed by other callers. */
export const MAX_FILTER_STRING_LENGTH = 1000;
const VALUE = /^[^,:|]+$/;
// Up to nine integer digits and two decimals: any real price, and no float noise in the normalised form.
const PRICE_BOUND = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

const isUrlName = (v: string): v is FilterUrlName => (FILTER_URL_NAMES as readonly string[]).includes(v);

function invalid(detail: string): AppError {
  return new AppError('ERR_API_1018', `Invalid filter string: ${detail}`, [{ path: 'query/filters', message: detail }]);
}

function parsePrice(values: string[]): PriceRange {
  if (values.length !== 1) throw invalid('price takes one range "min-max".');
  const raw = values[0] as string;
  const dash = raw.indexOf('-');
  if (dash < 0 || raw.indexOf('-', dash + 1) >= 0) throw invalid(`price "${raw}" is not a range "min-max".`);
  const bounds = [raw.slice(0, dash), raw.slice(dash + 1)].map((b) => {
    if (!PRICE_BOUND.test(b)) throw invalid(`price bound "${b}" is not a non-negative number.`);
    return Number(b);
  });
  const [min, max] = bounds as [number, number];
  if (min > max) throw invalid(`price range ${raw} is reversed (min above max).`);
  return { min, max };
}

/**
 * Parses a filter string. Syntax errors — an entry without `:`, an empty value, an unknown or repeated
 * key, a price that is not one `min-max` range of non-negative numbers with min ≤ max, a string over
 * 1,000 characters — throw `ERR_API_1018`. Values are kept as written (sorted, deduplicated): whether a
 * value exists is decided by the listing, which drops the unknown ones.
 */
export function parseFilterString(input: string | undefined): FilterSelection {
  if (input === undefined || input === '') return {};
  if (input.length > MAX_FILTER_STRING_LENGTH) throw invalid(`longer than ${MAX_FILTER_STRING_LENGTH} characters.`);
  const selection: FilterSelection = {};
  const seen = new Set<string>();
  for (const entry of input.split(',')) {
    const colon = entry.indexOf(':');
    if (colon < 0) throw invalid(`entry "${entry}" has no "key:value".`);
    const name = entry.slice(0, colon);
    if (!isUrlName(name)) throw invalid(`unknown key "${name}" (known: ${FILTER_URL_NAMES.join(', ')}).`);
    if (seen.has(name)) throw invalid(`key "${name}" appears twice.`);
    seen.add(name);
    const values = entry.slice(colon + 1).split('|');
    for (const v of values) if (!VALUE.test(v)) throw invalid(`key "${name}" has an empty or malformed value.`);
    if (name === 'price') {
      selection.price = parsePrice(values);
    } else if (name === 'instock') {
      // `true` is the toggle's only value; anything else is an unknown value and is dropped.
      if (values.includes('true')) selection.instock = true;
    } else {
      selection[name] = [...new Set(values)].sort();
    }
  }
  return selection;
}

/** The normalised filter string: keys in the fixed order, values sorted and deduplicated; `''` for none. */
export function formatFilterString(selection: FilterSelection): string {
  const parts: string[] = [];
  for (const name of FILTER_URL_NAMES) {
    if (name === 'instock') {
      if (selection.instock) parts.push('instock:true');
    } else if (name === 'price') {
      if (selection.price) parts.push(`price:${selection.price.min}-${selection.price.max}`);
    } else {
      const values = selection[name];
      if (values?.length) parts.push(`${name}:${[...new Set(values)].sort().join('|')}`);
    }
  }
  return parts.join(',');
}
