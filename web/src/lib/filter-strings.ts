// Filter strings of URLs (spec §3): comma-separated entries `key:value|value`; and the listing and search
// filters, with their fixed key order.

export type FilterSelection = Record<string, string[]>;

const FILTER_VALUE = /^[a-z0-9-]{1,40}$/;

/** Parses `themes:talk|exhibition,locations:paris`; malformed entries and values are dropped. */
export function parseFilterString(value: string | null | undefined): FilterSelection {
  const out: FilterSelection = {};
  if (!value) return out;
  for (const entry of value.split(',')) {
    const colon = entry.indexOf(':');
    if (colon <= 0) continue;
    const key = entry.slice(0, colon);
    if (!/^[a-z][a-zA-Z]{0,39}$/.test(key)) continue;
    const values = entry
      .slice(colon + 1)
      .split('|')
      .filter((v) => FILTER_VALUE.test(v));
    if (values.length === 0) continue;
    out[key] = [...new Set([...(out[key] ?? []), ...values])];
  }
  return out;
}

/** The inverse of parseFilterString; keys in the given order, empty selections left out. */
export function serializeFilterString(selection: FilterSelection): string {
  return Object.entries(selection)
    .filter(([, values]) => values.length > 0)
    .map(([key, values]) => `${key}:${values.join('|')}`)
    .join(',');
}

/** The selection with `value` of `key` added or removed. */
export function toggleFilter(selection: FilterSelection, key: string, value: string): FilterSelection {
  const current = selection[key] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return { ...selection, [key]: next };
}

// ---------------------------------------------------------------------------------------------
// Listing filters (spec §3): the URL names of the listing and search filters, in the order the
// server normalises them (`appliedFilters`), so one selection always gives one URL.

export const LISTING_FILTER_KEYS = ['color', 'category', 'material', 'size', 'instock', 'price'] as const;
export type ListingFilterKey = (typeof LISTING_FILTER_KEYS)[number];

// What the contract accepts per key (the search page's deepObject patterns); anything else is dropped
// here rather than sent, so a hand-edited URL still renders the listing instead of a 400.
const LISTING_VALUE: Record<ListingFilterKey, RegExp> = {
  color: /^[a-z0-9-]{1,40}$/,
  category: /^[a-z0-9-]{1,120}$/,
  material: /^[a-z0-9-]{1,40}$/,
  size: /^[A-Za-z0-9./-]{1,12}$/,
  instock: /^true$/,
  price: /^\d{1,9}-\d{1,9}$/,
};
const LISTING_MAX_VALUES: Record<ListingFilterKey, number> = {
  color: 20,
  category: 20,
  material: 20,
  size: 30,
  instock: 1,
  price: 1,
};

const isOrderedRange = (v: string) => {
  const [min, max] = v.split('-').map(Number);
  return min! <= max!;
};

/** Parses the `filters` URL value of a listing or search (`color:black|beige,size:38`); unknown keys and malformed values are dropped. */
export function parseListingFilters(value: string | null | undefined): FilterSelection {
  const out: FilterSelection = {};
  if (!value) return out;
  for (const entry of value.split(',')) {
    const colon = entry.indexOf(':');
    if (colon <= 0) continue;
    const key = entry.slice(0, colon) as ListingFilterKey;
    if (!(LISTING_FILTER_KEYS as readonly string[]).includes(key)) continue;
    const values = entry
      .slice(colon + 1)
      .split('|')
      .filter((v) => LISTING_VALUE[key].test(v) && (key !== 'price' || isOrderedRange(v)));
    const merged = [...new Set([...(out[key] ?? []), ...values])].slice(0, LISTING_MAX_VALUES[key]);
    if (merged.length) out[key] = merged;
  }
  return out;
}

/** The `filters` URL value of a selection, keys in their fixed order; '' when nothing is selected. */
export function serializeListingFilters(selection: FilterSelection): string {
  const ordered: FilterSelection = {};
  for (const key of LISTING_FILTER_KEYS) if (selection[key]?.length) ordered[key] = selection[key];
  return serializeFilterString(ordered);
}
