import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { jsonParts, partsBytes } from './shared-json.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Below this size an answer is sent as it is, as the compression middleware does. */
const THRESHOLD = 1024;

type Encoding = 'br' | 'gzip';

/**
 * An answer's bytes made once and sent many times: a cached page's HTML, a cached page's JSON. It carries its
 * weak ETag (the format Express gives, `W/"<length hex>-<sha1 base64, 27>"`) and keeps its gzip and brotli
 * forms once a client has asked for them, so a cached answer is neither serialised, hashed nor compressed
 * again. Compression runs on libuv's thread pool (`zlib.gzip`, `zlib.brotliCompress`), off the event loop.
 */
export class PreparedBody {
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();
  /** The compressed forms already made (what `encodedAs` resolved), for an answer sent without waiting. */
  private readonly made = new Map<Encoding, Buffer>();
  constructor(
    readonly bytes: Buffer,
    readonly contentType: string,
  ) {
    this.etag = `W/"${bytes.length.toString(16)}-${createHash('sha1').update(bytes).digest('base64').slice(0, 27)}"`;
  }

  static json(value: unknown): PreparedBody {
    return new PreparedBody(partsBytes(jsonParts(value)), 'application/json; charset=utf-8');
  }

  /** A page's HTML, as its UTF-8 bytes (`documentBytes`). */
  static html(bytes: Buffer): PreparedBody {
    return new PreparedBody(bytes, 'text/html; charset=utf-8');
  }

  /** The bytes in an encoding, compressed on first use (the compression middleware's settings: gzip level 6, brotli quality 4). */
  encodedAs(encoding: Encoding): Promise<Buffer> {
    let out = this.encoded.get(encoding);
    if (!out) {
      out =
        encoding === 'br'
          ? brotli(this.bytes, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: this.bytes.length },
            })
          : gzipAsync(this.bytes);
      out.then(
        (bytes) => this.made.set(encoding, bytes),
        // A failed compression is not kept: the next request tries again.
        () => this.encoded.delete(encoding),
      );
      this.encoded.set(encoding, out);
    }
    return out;
  }

  /** The bytes in an encoding if they are already made; undefined otherwise. */
  encodedNow(encoding: Encoding): Buffer | undefined {
    return this.made.get(encoding);
  }
}

/**
 * The JSON of a value as a prepared body, by the value: an answer served from a cache (a page's data, a listing)
 * is the same object each time, so it is serialised, hashed and compressed once per cache entry rather than on
 * every request. Held weakly, the JSON goes with its entry.
 */
const preparedByValue = new WeakMap<object, PreparedBody>();
export function preparedJson(value: unknown): PreparedBody {
  if (typeof value !== 'object' || value === null) return PreparedBody.json(value);
  let out = preparedByValue.get(value);
  if (!out) preparedByValue.set(value, (out = PreparedBody.json(value)));
  return out;
}

/** The encoding a request takes, brotli before gzip (as the compression middleware prefers); undefined for none. */
export function acceptedEncoding(req: Request): Encoding | undefined {
  if (!req.headers['accept-encoding']) return undefined;
  if (req.acceptsEncodings('br') === 'br') return 'br';
  if (req.acceptsEncodings('gzip') === 'gzip') return 'gzip';
  return undefined;
}

/**
 * Whether an answer of `body` to `req` may go compressed: not for HEAD, below the threshold, or under
 * `no-transform` (the compression middleware's own conditions).
 */
export function compressible(req: Request, body: PreparedBody, cacheControl: unknown): boolean {
  return (
    req.method !== 'HEAD' && body.bytes.length >= THRESHOLD && !/\bno-transform\b/.test(String(cacheControl ?? ''))
  );
}

/** The encoding an answer of `body` goes in: the one rule of `sendPrepared` and of the ready answers. */
export function encodingOf(req: Request, body: PreparedBody, cacheControl: unknown): Encoding | undefined {
  return compressible(req, body, cacheControl) ? acceptedEncoding(req) : undefined;
}

/**
 * Sends a prepared answer: its ETag (304 when the request's `If-None-Match` names it), `Vary: Accept-Encoding`,
 * and the compressed form the client accepts. `Content-Encoding` set here keeps the compression middleware out.
 * Headers already set on `res` (Cache-Control, Content-Language) stay.
 */
export async function sendPrepared(req: Request, res: Response, body: PreparedBody, status = 200): Promise<void> {
  res.status(status);
  res.setHeader('Content-Type', body.contentType);
  res.setHeader('ETag', body.etag);
  res.vary('Accept-Encoding');
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  const encoding = encodingOf(req, body, res.getHeader('Cache-Control'));
  const bytes = encoding ? await body.encodedAs(encoding) : body.bytes;
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', bytes.length);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}
