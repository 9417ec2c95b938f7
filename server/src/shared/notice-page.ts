// A short page of its own for a browser's page load that the storefront cannot render: a calm centred
// message and one button-like link, no script, nothing loaded (its policy allows its one style and no other).
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { escapeHtml } from './html.ts';
import type { TextLanguage } from './text-language.ts';

const NOTICE_STYLE =
  'body{font:16px/1.6 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#111;background:#fff}' +
  'main{box-sizing:border-box;max-width:34rem;padding:2rem 1.5rem;text-align:center}' +
  'h1{font-weight:400;font-size:1.375rem;line-height:1.4;letter-spacing:.01em;margin:0 0 1rem}p{margin:0 0 2rem;color:#444}' +
  'a{display:inline-block;padding:.9rem 2.75rem;background:#111;color:#fff;text-decoration:none;font-size:.8125rem;letter-spacing:.1em;text-transform:uppercase}' +
  'a:focus-visible{outline:2px solid #111;outline-offset:3px}';

/** The policy of a notice page: its one style, nothing else. */
export const NOTICE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(NOTICE_STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

export interface Notice {
  language: TextLanguage;
  /** The catalogue code, in `data-error-code` (tests and support read it). */
  code: string;
  title: string;
  body: string;
  link: { href: string; text: string };
  /** Reload by itself after this many seconds (a page that may come back on its own). */
  refreshSeconds?: number;
}

export function noticePage(n: Notice): string {
  const refresh = n.refreshSeconds
    ? `<meta http-equiv="refresh" content="${Math.max(1, Math.round(n.refreshSeconds))}">`
    : '';
  return (
    `<!doctype html><html lang="${n.language === 'zh-hant' ? 'zh-Hant' : n.language}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">${refresh}` +
    `<title>${escapeHtml(n.title)}</title><style>${NOTICE_STYLE}</style></head>` +
    `<body><main data-error-code="${escapeHtml(n.code)}"><h1>${escapeHtml(n.title)}</h1><p>${escapeHtml(n.body)}</p>` +
    `<p><a href="${escapeHtml(n.link.href)}">${escapeHtml(n.link.text)}</a></p></main></body></html>`
  );
}

/** A browser's page load (the shopper followed a link or typed the address) rather than a program's call. */
export function isPageLoad(req: Pick<Request, 'get' | 'accepts'>): boolean {
  const mode = req.get('sec-fetch-mode');
  if (mode) return mode === 'navigate';
  return req.accepts(['application/problem+json', 'application/json', 'text/html']) === 'text/html';
}
