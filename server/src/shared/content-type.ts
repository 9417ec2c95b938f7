import type { RequestHandler } from 'express';

type Json = Record<string, unknown>;

/** The media types the contracts accept for request bodies (`application/json`). */
export function requestMediaTypes(...contracts: Json[]): Set<string> {
  const types = new Set<string>();
  for (const contract of contracts) {
    const refs = (contract.components as { requestBodies?: Record<string, Json> } | undefined)?.requestBodies ?? {};
    for (const item of Object.values((contract.paths ?? {}) as Record<string, Record<string, Json>>)) {
      for (const operation of Object.values(item)) {
        const body = (operation as Json | undefined)?.requestBody as Json | undefined;
        if (!body) continue;
        const ref = typeof body.$ref === 'string' ? refs[body.$ref.split('/').pop() ?? ''] : undefined;
        for (const type of Object.keys(((ref ?? body).content ?? {}) as Json)) types.add(type.toLowerCase());
      }
    }
  }
  return types;
}

/**
 * express-openapi-validator compiles an operation's schemas once per distinct request `Content-Type` — the
 * whole header, parameters included — and keeps them for the life of the process: `application/json; x=1`,
 * `x=2`, … each cost a compilation (about 200 ms of CPU) and about 2 MB of memory never released, so any
 * client could exhaust the server with a few hundred requests, even GETs. The body has been parsed before
 * this point (express.json), so the validators only need the media type: the header is reduced to one of the
 * media types the contracts accept, or `application/octet-stream` for anything else (refused as before,
 * as a media type the operation does not accept). A bounded set of keys, whatever the client sends.
 */
export function boundedContentType(accepted: ReadonlySet<string>): RequestHandler {
  return (req, _res, next) => {
    const header = req.headers['content-type'];
    if (header !== undefined) {
      const media = header.split(';')[0]!.trim().toLowerCase();
      req.headers['content-type'] = accepted.has(media) ? media : 'application/octet-stream';
    }
    next();
  };
}
