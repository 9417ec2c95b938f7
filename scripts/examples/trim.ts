// Trimming: the examples of scripts/generate-examples.ts stay small but valid against the schemas, and the ids and
// days the server draws are replaced by fixed ones.
import {
  BASKET_ID,
  ITEM_ID,
  KEPT_ALTERNATES,
  MAX_ALTERNATES,
  MAX_COMPONENTS_PRODUCTS,
  MAX_NAVIGATION,
  type Json,
} from './settings.ts';

/** Moves every ISO date (`YYYY-MM-DD`, with or without a time) in a value by the days from `from` to `to`. */
export function dayShift(from: string, to: string): (value: Json) => Json {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
  const move = (text: string) =>
    text.replace(/^(\d{4}-\d{2}-\d{2})/, (d) => new Date(Date.parse(d) + days * 86_400_000).toISOString().slice(0, 10));
  const walk = (v: Json): Json =>
    typeof v === 'string' && /^\d{4}-\d{2}-\d{2}(T|$)/.test(v)
      ? move(v)
      : Array.isArray(v)
        ? v.map(walk)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
          : v;
  return walk;
}
export function trimNavigation(items: Json[], keepChildrenOf: string | null): Json[] {
  const kept = items.filter((c) => c.level <= 2 || (keepChildrenOf !== null && c.parentId === keepChildrenOf));
  return kept.length <= MAX_NAVIGATION ? kept : kept.filter((c) => c.level <= 2).slice(0, MAX_NAVIGATION);
}

export function trimMeta(meta: Json): Json {
  const preferred = meta.alternates.filter((a: Json) => KEPT_ALTERNATES.has(a.hreflang));
  const rest = meta.alternates.filter((a: Json) => !KEPT_ALTERNATES.has(a.hreflang));
  const alternates = [...preferred, ...rest].slice(0, MAX_ALTERNATES);
  const order = new Map(meta.alternates.map((a: Json, i: number) => [a, i]));
  alternates.sort((a, b) => (order.get(a) as number) - (order.get(b) as number));
  return { ...meta, alternates };
}

export function trimPage(body: Json, categoryId: string | null): Json {
  return { ...body, meta: trimMeta(body.meta), navigation: trimNavigation(body.navigation, categoryId) };
}

/** Product islands keep a few products; page alternates and navigation as for every page. */
export function trimComponents(components: Json[]): Json[] {
  return components.map((c) =>
    c.type === 'product-island' ? { ...c, products: c.products.slice(0, MAX_COMPONENTS_PRODUCTS) } : c,
  );
}
export function trimContent(content: Json): Json {
  return content ? { ...content, components: trimComponents(content.components) } : content;
}
export function trimContentPage(body: Json, categoryId: string | null): Json {
  return { ...trimPage(body, categoryId), ...('content' in body ? { content: trimContent(body.content) } : {}) };
}

export function fixBasketIds(basket: Json): Json {
  return {
    ...basket,
    id: basket.id === null ? null : BASKET_ID,
    items: basket.items.map((item: Json) => ({ ...item, itemId: ITEM_ID })),
  };
}
