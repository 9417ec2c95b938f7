// Test support: an app served on a loopback port and called over a real socket, the answer whole (status, headers
// as received, body bytes). Used to compare the ready answers with the full path (shared/ready-answers.ts).
import { createServer, request as httpRequest, type RequestListener } from 'node:http';
import type { AddressInfo, Server } from 'node:net';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** `handler` listening on a free loopback port. */
export async function listen(handler: RequestListener): Promise<Server> {
  const server = createServer(handler).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return server;
}

/** One request to `server`, its answer read whole. */
export function call(
  server: Server,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<Answer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** An answer's headers but the per-request ones (request id, date), in their order. */
export const comparable = (a: Answer) =>
  Object.entries(a.headers).filter(([name]) => name !== 'x-request-id' && name !== 'date');
