// Requests Node's HTTP parser refuses before the app sees them answer a problem body with a catalogue code.
import { createServer, request, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import { createLogger } from './logger.ts';
import { clientErrorHandler } from './client-error.ts';

let server: Server;
let port = 0;
beforeAll(async () => {
  const app = express().get('/x', (_req, res) => void res.json({ ok: true }));
  server = createServer(app);
  server.on('clientError', clientErrorHandler(createLogger('silent')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('requests the HTTP parser refuses', () => {
  it('a URL over 16 KB: 431 ERR_API_1038', async () => {
    const res = await get(`/x?q=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.type).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(res.body)).toMatchObject({ status: 431, code: 'ERR_API_1038' });
  });

  it('headers over 16 KB: 431 ERR_API_1038', async () => {
    const res = await get('/x', { 'X-Long': 'a'.repeat(20_000) });
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'ERR_API_1038' });
  });

  it('a request that is not HTTP: 400 ERR_API_1018', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      let out = '';
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /x HTTP/1.1\r\nHost: a\r\nBad Header\r\n\r\n'));
      socket.setEncoding('utf8');
      socket.on('data', (d) => (out += d));
      socket.on('end', () => resolve(out));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"code":"ERR_API_1018"');
  });

  it('a request within the limits is served', async () => {
    expect((await get(`/x?q=${'a'.repeat(8_000)}`)).status).toBe(200);
  });
});
