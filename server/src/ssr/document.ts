import { escapeHtml } from '../shared/html.ts';
import {
  escapeForScript,
  holdsShared,
  type JsonPart,
  jsonParts,
  partsBytes,
  partsText,
  shareJson,
  stringifyShared,
} from '../shared/shared-json.ts';
import type { PageDataLike } from './host.ts';
import { htmlLang } from '../../../web/src/lib/html-lang.ts';
import { WORDMARK_BOXES } from '../../../web/src/features/navigation/components/wordmark-boxes.generated.ts';
import { WORDMARK_PATHS } from '../../../web/src/features/navigation/components/wordmark-paths.generated.ts';

/**
 * JSON safe inside a <script>: no `</script>`, no HTML comment openers, no line separators. Members of a top-level
 * object marked with `shareJson` are taken from their JSON made once.
 */
export function serializeForScript(value: unknown): string {
  return escapeForScript(stringifyShared(value));
}

type Translations = Record<string, Record<string, unknown>>;
/** The translations bootstraps carry, by language and namespaces: the same objects in every document of a release. */
const translationSets = new Map<string, Translations>();

/**
 * `bootstrap` with its translations (`resources`: language → namespace → strings) replaced by the first equal set
 * seen, whose JSON is made once (13 KB of a product page's 38 KB of bootstrap). Equal means the same namespace
 * objects of the same language (the render's own, loaded once per release; a development reload makes new ones).
 */
function withSharedTranslations(bootstrap: unknown): unknown {
  const resources = (bootstrap as { resources?: unknown } | null)?.resources;
  if (!resources || typeof resources !== 'object') return bootstrap;
  const sets = Object.entries(resources as Translations);
  const key = sets.map(([language, spaces]) => `${language}:${Object.keys(spaces).join(',')}`).join(';');
  const kept = translationSets.get(key);
  const same =
    kept && sets.every(([language, spaces]) => Object.keys(spaces).every((ns) => kept[language]?.[ns] === spaces[ns]));
  if (same) return { ...(bootstrap as object), resources: kept };
  if (translationSets.size >= 1_000) translationSets.clear();
  translationSets.set(key, shareJson({ ...(resources as Translations) }));
  return { ...(bootstrap as object), resources: translationSets.get(key) };
}

/**
 * The path down to a bootstrap's page data (`state.queries[].state.data`, TanStack's dehydrated state), marked as
 * holding shared values: the page data's navigation, layout and alternates (`shareJson`) are then written from
 * their bytes made once, as the page data's own answers are. Answers `bootstrap`.
 */
function withSharedPageData(bootstrap: unknown): unknown {
  const state = (bootstrap as { state?: { queries?: unknown } } | null)?.state;
  if (!state || typeof state !== 'object' || !Array.isArray(state.queries)) return bootstrap;
  holdsShared(state);
  holdsShared(state.queries);
  for (const query of state.queries as unknown[]) {
    const queryState = (query as { state?: { data?: unknown } } | null)?.state;
    if (!queryState || typeof queryState !== 'object') continue;
    holdsShared(query as object);
    holdsShared(queryState);
    if (queryState.data && typeof queryState.data === 'object') holdsShared(queryState.data);
  }
  return bootstrap;
}

/**
 * The hreflang links of an alternates list as UTF-8 bytes, by the list: a page's list is made once
 * (`PageKit.meta`), so are they.
 */
const alternateLinks = new WeakMap<object, JsonPart>();
function alternateLinksOf(alternates: PageDataLike['meta']['alternates']): JsonPart {
  let links = alternateLinks.get(alternates);
  if (links === undefined) {
    const text = alternates
      .map((a) => `<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}">`)
      .join('\n    ');
    // Only a list that cannot change is kept (frozen: made once); another is written each time.
    if (!Object.isFrozen(alternates)) return text;
    links = Buffer.from(text, 'utf8');
    alternateLinks.set(alternates, links);
  }
  return links;
}

/** The page's head tags, in parts: the alternates' links are a kept part. */
function headParts(data: PageDataLike): JsonPart[] {
  const m = data.meta;
  const tags = [
    `<title>${escapeHtml(m.title)}</title>`,
    `<meta name="description" content="${escapeHtml(m.description)}">`,
    `<meta name="robots" content="${escapeHtml(m.robots)}">`,
    `<link rel="canonical" href="${escapeHtml(m.canonical)}">`,
    `<meta property="og:title" content="${escapeHtml(m.title)}">`,
    `<meta property="og:description" content="${escapeHtml(m.description)}">`,
    `<meta property="og:url" content="${escapeHtml(m.canonical)}">`,
  ];
  const after = m.jsonLd ? [`<script type="application/ld+json">${serializeForScript(m.jsonLd)}</script>`] : [];
  if (!m.alternates.length) return [[...tags, ...after].join('\n    ')];
  return [
    `${tags.join('\n    ')}\n    `,
    alternateLinksOf(m.alternates),
    after.length ? `\n    ${after.join('\n    ')}` : '',
  ];
}

/** BCP 47 tag of a storefront locale (`fr-FR`, `zh-Hant-TW`): shared with the client, which keeps it in step. */
export { htmlLang };

/**
 * The house's icons (web/public/brand/<house>/, made by scripts/house-marks.mjs), at stable paths: a 32-pixel PNG
 * for browsers without SVG icons, the SVG for the others (listed last, the one they pick), the home-screen icon.
 */
export function houseIconLinks(house: string): string[] {
  if (!(house in WORDMARK_BOXES)) return [];
  const base = `/brand/${escapeHtml(house)}`;
  return [
    `<link rel="icon" href="${base}/favicon-32.png" sizes="32x32" type="image/png">`,
    `<link rel="icon" href="${base}/favicon.svg" type="image/svg+xml">`,
    `<link rel="apple-touch-icon" href="${base}/apple-touch-icon.png">`,
  ];
}

/**
 * The house's wordmark as a symbol the header's `<svg><use href="#house-wordmark">` draws (in `currentColor`,
 * so light over a dark hero and dark elsewhere): the outlines come once with the page, not in every script.
 */
export function houseWordmarkSymbol(house: string): string {
  const box = WORDMARK_BOXES[house];
  const d = WORDMARK_PATHS[house];
  if (!box || !d) return '';
  return `<svg xmlns="http://www.w3.org/2000/svg" hidden aria-hidden="true"><symbol id="house-wordmark" viewBox="${box.viewBox}"><path fill="currentColor" d="${d}"/></symbol></svg>`;
}

/** Fills the Vite index.html template: root attributes, head tags, rendered app and bootstrap state. */
export function renderDocument(template: string, input: DocumentInput): string {
  return partsText(documentParts(template, input));
}

/**
 * The same document as its UTF-8 bytes, made from its parts without joining them into one string first. On this
 * Node (V8 11.3) a flat string over 128 KB — a two-byte one (any character past U+00FF: a dash, a quotation mark,
 * Japanese) over 64K characters, which most product pages are — is allocated in V8's large-object space, and on
 * the machines measured that cost 0.7–0.9 ms a page (a join of the same parts under that size: 5 µs). Each part's
 * bytes are made apart, then copied once (docs/scaling.md, "A product page from memory, and its document as bytes").
 */
export function documentBytes(template: string, input: DocumentInput): Buffer {
  return partsBytes(documentParts(template, input));
}

/** What a page's document is filled with. */
interface DocumentInput {
  data: PageDataLike;
  appHtml: string;
  bootstrap: unknown;
  house?: string;
  preload?: string;
  /** The scripts fetched after the first paint (`pageModules`), as a data block the entry reads. */
  modules?: readonly string[];
  fonts?: readonly string[];
  head?: readonly string[];
}

/**
 * The document's parts in order: the template's text between its markers and what is placed at each. The parts
 * made once for many pages (the translations, the navigation, the layout, the alternates: `shareJson`) are their
 * UTF-8 bytes, kept.
 */
function documentParts(template: string, input: DocumentInput): JsonPart[] {
  const attrs = [
    `lang="${escapeHtml(htmlLang(input.data.market.locale))}"`,
    // Spec §4: the theme id on the document root; spec §2: the shell (default or secondary theme).
    `data-theme="${input.data.theme === 'dark' ? 'dark' : 'light'}"`,
    `data-layout="${input.data.layoutVariant === 'rive-droite' ? 'rive-droite' : 'default'}"`,
    ...(input.house ? [`data-house="${escapeHtml(input.house)}"`] : []),
  ];
  // Every piece is placed with a replacer function: in a replacement *string*, `$&`, `` $` ``, `$'`, `$1`…
  // are patterns, so page text carrying them (a search query, an address line) would copy the template in.
  return fillParts(template, [
    [/<html\b[^>]*>/, `<html ${attrs.join(' ')}>`],
    // The page's lead picture and the fonts first (discovered at once rather than once the stylesheet is read),
    // then the page's tags and icons.
    [
      '<!--app-head-->',
      [
        [...(input.head ?? []), ...(input.fonts ?? [])].map((tag) => `${tag}\n    `).join(''),
        ...headParts(input.data),
        input.house ? ['', ...houseIconLinks(input.house)].join('\n    ') : '',
      ],
    ],
    // The page's own chunks and styles, after the shell's (its styles come later in the cascade, as they do
    // when the client loads them on a navigation).
    ['</head>', input.preload ? `  ${input.preload}\n  </head>` : '</head>'],
    ['<div id="root">', `${input.house ? houseWordmarkSymbol(input.house) : ''}<div id="root">`],
    ['<!--app-html-->', input.appHtml],
    // A data block, not a script (web/src/client-app.tsx parses it): no inline script runs, so the CSP's
    // script-src is 'self' alone.
    [
      '<!--app-state-->',
      [
        '<script type="application/json" id="sf-bootstrap">',
        ...jsonParts(withSharedPageData(withSharedTranslations(input.bootstrap)), true),
        '</script>' +
          (input.modules?.length
            ? `\n    <script type="application/json" id="sf-modules">${serializeForScript(input.modules)}</script>`
            : ''),
      ],
    ],
  ]);
}

/**
 * Replaces the first match of each marker in the template with its text, taken literally (no `$` patterns). The
 * markers are looked for in the template only, never in the texts placed (a page's HTML, its data), and the
 * document is joined once: placing each text in turn copied the whole page again at every marker.
 */
export function fill(template: string, pieces: readonly (readonly [string | RegExp, string])[]): string {
  return partsText(fillParts(template, pieces));
}

/**
 * `fill`'s document as its parts in order: the template's text between the markers and the texts placed (a text
 * may come in parts).
 */
function fillParts(
  template: string,
  pieces: readonly (readonly [string | RegExp, JsonPart | readonly JsonPart[]])[],
): JsonPart[] {
  const placed: { start: number; end: number; text: JsonPart | readonly JsonPart[] }[] = [];
  for (const [marker, text] of pieces) {
    let start: number;
    let length: number;
    if (typeof marker === 'string') {
      start = template.indexOf(marker);
      length = marker.length;
    } else {
      const m = new RegExp(marker.source, marker.flags.replace(/[gy]/g, '')).exec(template);
      start = m ? m.index : -1;
      length = m ? m[0].length : 0;
    }
    const end = start + length;
    // A marker not found, or inside one already placed (the template's own text), is left as it is.
    if (start < 0 || placed.some((p) => start < p.end && end > p.start)) continue;
    placed.push({ start, end, text });
  }
  placed.sort((a, b) => a.start - b.start);
  const out: JsonPart[] = [];
  let at = 0;
  for (const p of placed) {
    out.push(template.slice(at, p.start));
    if (Array.isArray(p.text)) out.push(...(p.text as readonly JsonPart[]));
    else out.push(p.text as JsonPart);
    at = p.end;
  }
  out.push(template.slice(at));
  return out;
}
