import { createHash } from 'node:crypto';
import helmet from 'helmet';
import type { Config } from './config.ts';

/** Inline scripts of a page (a `<script>` without `src`), their bodies exactly as the browser hashes them. */
function inlineScripts(html: string): string[] {
  const bodies: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (!/\bsrc\s*=/i.test(m[1] ?? '')) bodies.push(m[2] ?? '');
  }
  return bodies;
}

/** CSP source expressions (`'sha256-…'`) allowing exactly the inline scripts of `html`, and no other. */
export function inlineScriptHashes(html: string): string[] {
  return [
    ...new Set(
      inlineScripts(html).map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`),
    ),
  ];
}

/** `policy` with its `script-src` directive replaced by `sources`. */
export function withScriptSources(policy: string, sources: readonly string[]): string {
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !/^script-src\s/i.test(d));
  return [...directives, `script-src ${sources.join(' ')}`].join(';');
}

/** The security headers of every answer (helmet): the content security policy, and HSTS behind HTTPS. */
export function securityHeaders(config: Pick<Config, 'viteDev' | 'secureCookies'>) {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        // No inline script runs (the bootstrap state is a JSON data block): scripts from this origin only.
        // Vite's development client injects an inline preamble and evaluates modules: allowed in development only.
        'script-src': ["'self'", ...(config.viteDev ? ["'unsafe-inline'", "'unsafe-eval'"] : [])],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...(config.viteDev ? ['ws:'] : [])],
        'upgrade-insecure-requests': config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: config.secureCookies,
  });
}
