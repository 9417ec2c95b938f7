import type { PageDataLike } from './host.ts';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON safe inside a <script>: no `</script>`, no HTML comment openers, no line separators. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function renderHead(data: PageDataLike): string {
  const m = data.meta;
  const tags = [
    `<title>${escapeHtml(m.title)}</title>`,
    `<meta name="description" content="${escapeHtml(m.description)}">`,
    `<meta name="robots" content="${escapeHtml(m.robots)}">`,
    `<link rel="canonical" href="${escapeHtml(m.canonical)}">`,
    `<meta property="og:title" content="${escapeHtml(m.title)}">`,
    `<meta property="og:description" content="${escapeHtml(m.description)}">`,
    `<meta property="og:url" content="${escapeHtml(m.canonical)}">`,
    ...m.alternates.map((a) => `<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}">`),
  ];
  if (m.jsonLd) tags.push(`<script type="application/ld+json">${serializeForScript(m.jsonLd)}</script>`);
  return tags.join('\n    ');
}

/** Fills the Vite index.html template: language, head tags, rendered app and bootstrap state. */
export function renderDocument(template: string, input: { data: PageDataLike; appHtml: string; bootstrap: unknown }): string {
  const lang = input.data.market.locale.replace(/-(\w\w)$/, (_, c: string) => `-${c.toUpperCase()}`);
  return template
    .replace('<html lang="en">', `<html lang="${escapeHtml(lang)}">`)
    .replace('<!--app-head-->', renderHead(input.data))
    .replace('<!--app-html-->', input.appHtml)
    .replace('<!--app-state-->', `<script>window.__SF_BOOTSTRAP__=${serializeForScript(input.bootstrap)}</script>`);
}
