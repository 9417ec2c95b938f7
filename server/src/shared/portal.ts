// The API portals (/docs, /docs/customer-service) and the bundled contracts they show, for download and for
// client generators (/docs/storefront.yaml|json, /docs/customer-service.yaml|json). None of them is an API
// operation: like the pages, they stay outside the contracts (CONTRACT_PATHS) and are labelled `portal` in the
// metrics. Each file is read once per version (its mtime), so a rebuild is served without a restart.
import type { Express, NextFunction, Request, Response } from 'express';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLED_CONTRACT_PATH, CUSTOMER_SERVICE_CONTRACT_PATH, loadContract } from './contract.ts';
import { inlineScriptHashes, withScriptSources } from './csp.ts';
import { AppError } from './errors.ts';
import { fromRoot } from './paths.ts';

export const PORTAL_DIR = fromRoot('openapi/dist');

/** The bundled contracts served under /docs: URL name → bundled file. */
export const CONTRACT_DOCUMENTS = {
  storefront: BUNDLED_CONTRACT_PATH,
  'customer-service': CUSTOMER_SERVICE_CONTRACT_PATH,
} as const;

const MEDIA_TYPES = { yaml: 'application/yaml; charset=utf-8', json: 'application/json; charset=utf-8' } as const;

/** A file's content derived once per version of the file. */
function perVersion<T>(derive: (text: string, path: string) => T): (path: string) => T | undefined {
  const cache = new Map<string, { mtimeMs: number; value: T }>();
  return (path) => {
    if (!existsSync(path)) return undefined;
    const { mtimeMs } = statSync(path);
    const hit = cache.get(path);
    if (hit && hit.mtimeMs === mtimeMs) return hit.value;
    const value = derive(readFileSync(path, 'utf8'), path);
    cache.set(path, { mtimeMs, value });
    return value;
  };
}

export function mountApiPortals(app: Express, dir = PORTAL_DIR): void {
  // The portals are built offline (npm run build) from the bundled contracts. Their inline scripts are allowed
  // by their hashes, computed from the page served, for these pages only (the storefront's pages run none).
  const page = perVersion((html) => ({ html, sources: ["'self'", ...inlineScriptHashes(html)] }));
  const portal = (file: string) => (_req: Request, res: Response, next: NextFunction) => {
    const built = page(join(dir, file));
    if (!built) return next(new AppError('ERR_API_1002', 'The API portal is not built; run npm run build.'));
    res
      .set(
        'Content-Security-Policy',
        withScriptSources(String(res.getHeader('Content-Security-Policy') ?? ''), built.sources),
      )
      .type('html')
      .send(built.html);
  };
  app.get('/docs', portal('docs.html'));
  app.get('/docs/customer-service', portal('customer-service.html'));

  // The contracts, as generated (YAML) and as JSON, at stable URLs the portals link to.
  const documents = {
    yaml: perVersion((text) => text),
    json: perVersion((_text, path) => `${JSON.stringify(loadContract(path), null, 2)}\n`),
  };
  for (const [name, path] of Object.entries(CONTRACT_DOCUMENTS)) {
    for (const format of ['yaml', 'json'] as const) {
      app.get(`/docs/${name}.${format}`, (_req, res, next) => {
        const body = documents[format](path);
        if (body === undefined)
          return next(new AppError('ERR_API_1002', 'The contract is not generated; run npm run codegen.'));
        res
          .set('Content-Type', MEDIA_TYPES[format])
          .set('Content-Disposition', `inline; filename="${name}.${format}"`)
          .set('Cache-Control', 'no-cache')
          .send(body);
      });
    }
  }
}
