import { readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { RequestHandler } from 'express';

/**
 * Serves the build's files that it also wrote compressed (`name.br`, `name.gz`, web/vite.config.ts
 * `precompress`) as they are, to a client that accepts them: Brotli 11 and gzip 9 made once at build time, where
 * compressing each response on the fly costs CPU on every request and, at the fast setting it must use, gives a
 * larger file (the stylesheet: 22.9 KB instead of 30.1). Other files and clients fall through to `next`.
 */
export function precompressed(dir: string, options: { maxAge: string; immutable: boolean }): RequestHandler {
  const names = new Set(readdirSync(dir));
  const encodings = new Map<string, ('br' | 'gzip')[]>();
  for (const name of names) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    const available = [
      ...(names.has(`${name}.br`) ? (['br'] as const) : []),
      ...(names.has(`${name}.gz`) ? (['gzip'] as const) : []),
    ];
    if (available.length > 0) encodings.set(name, available);
  }
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    const available = encodings.get(name);
    if (!available) return next();
    res.vary('Accept-Encoding');
    const encoding = preferred(req.headers['accept-encoding'], available);
    if (!encoding) return next();
    res.type(extname(name));
    res.setHeader('Content-Encoding', encoding);
    res.sendFile(
      join(dir, `${name}.${encoding === 'br' ? 'br' : 'gz'}`),
      {
        maxAge: options.maxAge,
        immutable: options.immutable,
        // Each encoding its own validator: a cached gzip copy is never revalidated as the Brotli one.
        etag: true,
        lastModified: true,
      },
      (err) => {
        if (err) next(err);
      },
    );
  };
}

/** Brotli when the client accepts it, else gzip, else none (`q=0` refuses); the client's order does not matter. */
export function preferred(header: string | undefined, available: readonly ('br' | 'gzip')[]): 'br' | 'gzip' | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  return available.find((e) => (weights.get(e) ?? weights.get('*') ?? 0) > 0) ?? null;
}
