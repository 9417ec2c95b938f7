import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { WEB_ROOT } from './host.ts';
import { preferred } from './precompressed.ts';

// The production build's scripts and stylesheet are sent as the build compressed them (Brotli 11, gzip 9), each
// to the client that accepts it; the bytes a browser ends up with are the file's.
const ASSETS = join(WEB_ROOT, 'dist/client/assets');

let app: Express;
let t: TestApp | undefined;
beforeAll(async () => {
  if (!existsSync(ASSETS)) throw new Error('No production build: run `npm run build` first.');
  t = await startTestApp({ VITE_DEV: 'false' }, { pages: true });
  app = t.app;
}, 120_000);
afterAll(() => t?.close());

const stylesheet = () => readdirSync(ASSETS).find((f) => /^style-.*\.css$/.test(f))!;
const raw = (buffer: boolean) => (res: request.Response, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, buffer ? Buffer.concat(chunks) : Buffer.alloc(0)));
};

describe('preferred encoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.1', 'br'],
    ['deflate', null],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', null],
    [undefined, null],
  ] as const)('%s → %s', (header, expected) => {
    expect(preferred(header, ['br', 'gzip'])).toBe(expected);
  });
});

describe('precompressed assets (production build)', () => {
  it.each([
    ['br', (b: Buffer) => brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => gunzipSync(b)],
  ] as const)('sends the stylesheet as the build compressed it with %s', async (encoding, decode) => {
    const name = stylesheet();
    const res = await request(app)
      .get(`/assets/${name}`)
      .set('Accept-Encoding', encoding)
      .buffer(true)
      .parse(raw(true))
      .expect(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);
    // The build's own compressed file went out (its length), and it is the stylesheet.
    const file = readFileSync(join(ASSETS, `${name}.${encoding === 'br' ? 'br' : 'gz'}`));
    expect(Number(res.headers['content-length'])).toBe(file.length);
    expect(decode(file).equals(readFileSync(join(ASSETS, name)))).toBe(true);
    expect((res.body as Buffer).equals(readFileSync(join(ASSETS, name))), 'the client reads the stylesheet').toBe(true);
  });

  it('prefers Brotli when both are accepted, and sends the plain file to a client that accepts neither', async () => {
    const name = stylesheet();
    const both = await request(app).get(`/assets/${name}`).set('Accept-Encoding', 'gzip, deflate, br').expect(200);
    expect(both.headers['content-encoding']).toBe('br');
    const plain = await request(app)
      .get(`/assets/${name}`)
      .set('Accept-Encoding', 'identity')
      .buffer(true)
      .parse(raw(true))
      .expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((plain.body as Buffer).equals(readFileSync(join(ASSETS, name)))).toBe(true);
  });

  it('answers a conditional request for the compressed file with 304', async () => {
    const path = `/assets/${stylesheet()}`;
    const first = await request(app).get(path).set('Accept-Encoding', 'br').expect(200);
    expect(first.headers.etag).toBeTruthy();
    await request(app).get(path).set('Accept-Encoding', 'br').set('If-None-Match', first.headers.etag!).expect(304);
  });

  it('leaves files the build did not compress (fonts) to the static files, and an unknown asset is a 404', async () => {
    const font = readdirSync(ASSETS).find((f) => f.endsWith('.woff2'))!;
    const res = await request(app).get(`/assets/${font}`).set('Accept-Encoding', 'br, gzip').expect(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    await request(app).get('/assets/nothing-here.js').set('Accept-Encoding', 'br').expect(404);
  });
});
