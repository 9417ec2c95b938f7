/**
 * Allowlist HTML sanitiser for the rich text of the content service (rich-text components, accordion
 * answers, generic content). Content is sanitised once, when it is seeded, never per request.
 *
 * Only the tags below survive, with only the attributes listed for them; every other tag is dropped
 * (its text kept), except the "raw text" elements (script, style, …) which are dropped with their
 * content. Links keep only http(s), mailto, tel, site-relative and fragment targets. Text and attribute
 * values are re-escaped, unclosed elements are closed and stray closing tags dropped, so the output is
 * well-formed whatever the input.
 */
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  small: [],
  sub: [],
  sup: [],
  span: [],
  h2: [],
  h3: [],
  h4: [],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
  a: ['href', 'title'],
};
const VOID = new Set(['br', 'hr']);
/** Elements whose content is not text a reader should see. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'title',
  'svg',
  'math',
  'select',
  'xmp',
  'noembed',
  'noframes',
]);

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
};

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (m, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[body.toLowerCase()] ?? m;
  });
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** Control characters and whitespace: browsers ignore them inside a scheme (`java\tscript:`). */
// eslint-disable-next-line no-control-regex -- the control characters are what is removed
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f-\u009f]/g;

/** A link target the storefront may follow: web, mail, phone, site-relative or fragment. */
export function isSafeHref(raw: string): boolean {
  const href = decodeEntities(raw).replace(IGNORED_IN_SCHEME, '').toLowerCase();
  if (href.startsWith('//') || href.startsWith('/\\')) return false;
  if (/^(https?:|mailto:|tel:)/.test(href)) return true;
  if (href.startsWith('/') || href.startsWith('#')) return true;
  return false;
}

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^>]*>?|<\?[^>]*>?|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|[^<]+|</;
const ATTR = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export function sanitizeHtml(input: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let dropping: string | null = null;
  let rest = input;
  while (rest.length > 0) {
    const m = TOKEN.exec(rest);
    if (!m || m.index !== 0) {
      // Not reachable with this token grammar (it matches any first character), kept as a guard.
      out.push(escapeText(rest[0] ?? ''));
      rest = rest.slice(1);
      continue;
    }
    const token = m[0];
    rest = rest.slice(token.length);
    const tagName = m[2]?.toLowerCase();
    if (dropping) {
      if (tagName === dropping && m[1] === '/') dropping = null;
      continue;
    }
    if (!tagName) {
      // Text (re-escaped), a lone `<`, or a comment / doctype / processing instruction (dropped).
      if (token.startsWith('<!') || token.startsWith('<?')) continue;
      out.push(escapeText(decodeEntities(token)));
      continue;
    }
    const closing = m[1] === '/';
    if (DROP_WITH_CONTENT.has(tagName)) {
      if (!closing && !/\/\s*$/.test(m[3] ?? '')) dropping = tagName;
      continue;
    }
    const allowed = ALLOWED[tagName];
    if (!allowed) continue;
    if (closing) {
      const at = open.lastIndexOf(tagName);
      if (at === -1) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    const attrs: string[] = [];
    let external = false;
    for (const a of (m[3] ?? '').matchAll(ATTR)) {
      const name = (a[1] ?? '').toLowerCase();
      if (!allowed.includes(name)) continue;
      const value = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '');
      if (name === 'href') {
        if (!isSafeHref(value)) continue;
        external = /^\s*https?:/i.test(value);
      }
      attrs.push(` ${name}="${escapeAttr(value)}"`);
    }
    if (tagName === 'a' && external) attrs.push(' rel="noopener noreferrer"');
    out.push(`<${tagName}${attrs.join('')}>`);
    if (!VOID.has(tagName)) open.push(tagName);
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}
