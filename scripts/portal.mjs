// The API portals: one self-contained Redoc page per bundled contract (`redocly build-docs --inlineBundle`),
// served at /docs and /docs/customer-service. The page loads nothing from another host:
// - telemetry is off (`telemetry: off` in redocly.yaml, and REDOCLY_TELEMETRY=off for the build: build-docs
//   then writes `disableTelemetry: true` into the page's Redoc options);
// - Redoc's "API docs by Redocly" logo, an <img> from cdn.redoc.ly in Redoc's own bundle, is replaced by the
//   same wordmark as an inline SVG (a data: URL, which the CSP's img-src allows);
// - the page template (scripts/portal-template.hbs, build-docs' own plus an empty icon) asks for no favicon.
// The build fails if either no longer holds (a Redoc upgrade), rather than ship a page the CSP refuses.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inputsHash, isUpToDate, recordInputs, stampOf, versionOf } from './build-cache.mjs';

export const PORTALS = [
  { api: 'storefront', page: 'docs.html' },
  { api: 'customer-service', page: 'customer-service.html' },
];

const WORDMARK = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16" viewBox="0 0 64 16"><text x="0" y="12.5" font-family="system-ui,sans-serif" font-size="13" font-weight="600" fill="#d63d46">Redocly</text></svg>`;
const MARK = `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><text x="2" y="12.5" font-family="system-ui,sans-serif" font-size="13" font-weight="700" fill="#d63d46">R</text></svg>`;
const dataUrl = (svg) => `data:image/svg+xml,${encodeURIComponent(svg)}`;
/** Remote images of Redoc's bundle and their inline replacements. */
const REMOTE_IMAGES = {
  'https://cdn.redoc.ly/redoc/logo-mini-full.svg': dataUrl(WORDMARK),
  'https://cdn.redoc.ly/redoc/logo-mini.svg': dataUrl(MARK),
};

/** Builds one portal page unless its inputs (bundle, this script, redocly.yaml, Redocly CLI version) are unchanged. */
export function buildPortal(root, { api, page }, { force = false } = {}) {
  const bundle = `openapi/generated/${api}.bundled.yaml`;
  const output = join(root, 'openapi/dist', page);
  const stamp = stampOf(output);
  const hash = inputsHash(root, {
    paths: [bundle, 'redocly.yaml', 'scripts/portal.mjs', 'scripts/portal-template.hbs', 'scripts/build-cache.mjs'],
    extra: [versionOf(root, '@redocly/cli')],
  });
  if (!force && isUpToDate(output, stamp, hash)) return false;
  mkdirSync(dirname(output), { recursive: true });
  execFileSync(
    join(root, 'node_modules/.bin/redocly'),
    [
      'build-docs',
      join(root, bundle),
      '--inlineBundle',
      '--template',
      join(root, 'scripts/portal-template.hbs'),
      '--output',
      output,
      '--config',
      join(root, 'redocly.yaml'),
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  writeFileSync(output, offline(readFileSync(output, 'utf8'), page));
  recordInputs(stamp, hash);
  return true;
}

/** The page with Redoc's remote images inlined; fails when something would still reach another host. */
export function offline(html, name = 'portal') {
  let out = html;
  for (const [remote, inline] of Object.entries(REMOTE_IMAGES)) out = out.replaceAll(remote, inline);
  const problems = [];
  if (/https:\/\/cdn\.redoc\.ly\//.test(out)) problems.push('an image or script from cdn.redoc.ly');
  if (!/__redoc_options = \{[^\n]*"disableTelemetry":true/.test(out))
    problems.push('telemetry not disabled (telemetry: off in redocly.yaml)');
  if (/<script[^>]+src=["']?https?:/i.test(out)) problems.push('a script from another host');
  if (problems.length) throw new Error(`${name}: the built portal would load from other hosts: ${problems.join('; ')}`);
  return out;
}
