import { escapeHtml } from '../shared/html.ts';
import type { PageDataLike } from './host.ts';
import { htmlLang } from '../../../web/src/lib/html-lang.ts';

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

/** BCP 47 tag of a storefront locale (`fr-FR`, `zh-Hant-TW`): shared with the client, which keeps it in step. */
export { htmlLang };

/** Fills the Vite index.html template: root attributes, head tags, rendered app and bootstrap state. */
export function renderDocument(template: string, input: { data: PageDataLike; appHtml: string; bootstrap: unknown; house?: string; preload?: string }): string {
  const attrs = [
    `lang="${escapeHtml(htmlLang(input.data.market.locale))}"`,
    // Spec §4: the theme id on the document root; spec §2: the shell (default or secondary theme).
    `data-theme="${input.data.theme === 'dark' ? 'dark' : 'light'}"`,
    `data-layout="${input.data.layoutVariant === 'rive-droite' ? 'rive-droite' : 'default'}"`,
    ...(input.house ? [`data-house="${escapeHtml(input.house)}"`] : []),
  ];
  // Every piece is placed with a replacer function: in a replacement *string*, `$&`, `` $` ``, `$'`, `$1`…
  // are patterns, so page text carrying them (a search query, an address line) would copy the template in.
  return fill(template, [
    [/<html\b[^>]*>/, `<html ${attrs.join(' ')}>`],
    ['<!--app-head-->', renderHead(input.data)],
    // The page's own chunks and styles, after the shell's (its styles come later in the cascade, as they do
    // when the client loads them on a navigation).
    ['</head>', input.preload ? `  ${input.preload}\n  </head>` : '</head>'],
    ['<!--app-html-->', input.appHtml],
    // A data block, not a script (web/src/entry-client.tsx parses it): no inline script runs, so the CSP's
    // script-src is 'self' alone.
    ['<!--app-state-->', `<script type="application/json" id="sf-bootstrap">${serializeForScript(input.bootstrap)}</script>`],
  ]);
}

/** Replaces the first match of each marker with its text, taken literally (no `$` patterns). */
export function fill(template: string, pieces: readonly (readonly [string | RegExp, string])[]): string {
  return pieces.reduce((out, [marker, text]) => out.replace(marker, () => text), template);
}
