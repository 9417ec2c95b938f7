// The shutdown sequence in one process, on a bare HTTP server: what a client sees, the order of the close
// steps, the exit code. The server process under load (accept queue included): server/src/shutdown.test.ts.
import { createServer, Agent, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { gracefulShutdown, type CloseStep } from './graceful-shutdown.ts';

interface Answer {
  status?: number;
  connection?: string | undefined;
  body?: string;
  error?: string;
}

function get(port: number, path: string, agent: Agent | false = false): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end();
  });
}

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

/** A server whose /slow answers when the test says so; everything else at once. */
async function setup(options: { graceMs?: number; idleMs?: number; steps?: CloseStep[] } = {}) {
  const held: ServerResponse[] = [];
  let requests = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests++;
    if (req.url === '/slow') held.push(res);
    else res.end(readiness.ready ? 'ready' : 'stopping');
  });
  const readiness = { ready: true };
  const logs: { level: string; msg: string; obj: object }[] = [];
  const logger = {
    warn: (obj: object, msg: string) => logs.push({ level: 'warn', msg, obj }),
    error: (obj: object, msg: string) => logs.push({ level: 'error', msg, obj }),
  };
  let exited: (code: number) => void;
  const exitCode = new Promise<number>((resolve) => (exited = resolve));
  const shutdown = gracefulShutdown({
    server,
    readiness,
    logger,
    graceMs: options.graceMs ?? 5_000,
    idleMs: options.idleMs ?? 200,
    hardStopMs: 500,
    steps: options.steps ?? [],
    exit: (code) => exited(code),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  cleanup.push(() => {
    server.closeAllConnections();
    if (server.listening) server.close();
  });
  const port = (server.address() as AddressInfo).port;
  const whenHeld = async (n: number) => {
    while (held.length < n) await new Promise((r) => setTimeout(r, 5));
  };
  const whenRequests = async (n: number) => {
    while (requests < n) await new Promise((r) => setTimeout(r, 5));
  };
  return { server, port, held, whenHeld, whenRequests, readiness, logs, shutdown, exitCode };
}

describe('gracefulShutdown', () => {
  it('finishes a request in progress with Connection: close, closes an idle kept-alive connection, then runs the steps in order and exits 0', async () => {
    const order: string[] = [];
    const s = await setup({
      steps: [
        { name: 'workers', close: async () => void order.push('workers') },
        { name: 'database', close: async () => void order.push('database') },
      ],
    });
    const idleAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    cleanup.push(() => idleAgent.destroy());
    expect((await get(s.port, '/', idleAgent)).connection).toBe('keep-alive');
    const idleSocket = (idleAgent.freeSockets[`127.0.0.1:${s.port}:`] ?? [])[0] as Socket;
    const idleClosed = new Promise<void>((resolve) => idleSocket.once('close', () => resolve()));

    const slow = get(s.port, '/slow');
    await s.whenHeld(1);
    const done = s.shutdown('SIGTERM');
    expect(s.readiness.ready).toBe(false);
    // The idle connection goes while the slow request is still in progress; no step has run yet.
    await idleClosed;
    expect(order).toEqual([]);
    s.held[0]!.end('done');
    expect(await slow).toEqual({ status: 200, connection: 'close', body: 'done' });
    expect(await s.exitCode).toBe(0);
    expect(await done).toBe(0);
    expect(order).toEqual(['workers', 'database']);
    expect((await get(s.port, '/')).error).toBe('ECONNREFUSED');
    expect(s.logs.find((l) => l.msg === 'stopped')?.obj).toMatchObject({ exitCode: 0, idleClosed: 1 });
  });

  it('answers a request that comes on a kept-alive connection after the signal, with Connection: close', async () => {
    const s = await setup({ idleMs: 2_000 });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    cleanup.push(() => agent.destroy());
    expect(await get(s.port, '/', agent)).toMatchObject({ status: 200, connection: 'keep-alive' });
    const slow = get(s.port, '/slow');
    await s.whenHeld(1);
    void s.shutdown('SIGTERM');
    await new Promise((r) => setTimeout(r, 50));
    expect(await get(s.port, '/', agent)).toEqual({ status: 200, connection: 'close', body: 'stopping' });
    s.held[0]!.end();
    await slow;
    expect(await s.exitCode).toBe(0);
  });

  it('past the grace period: destroys what is left, logs it, still closes the steps, exits 1', async () => {
    const order: string[] = [];
    const s = await setup({ graceMs: 300, steps: [{ name: 'database', close: () => void order.push('database') }] });
    const slow = get(s.port, '/slow');
    await s.whenHeld(1);
    const t0 = Date.now();
    void s.shutdown('SIGTERM');
    expect(await s.exitCode).toBe(1);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    expect((await slow).error).toBeDefined();
    expect(order).toEqual(['database']);
    expect(s.logs.find((l) => l.level === 'error')).toMatchObject({
      msg: expect.stringContaining('grace period over'),
      obj: { requestsInProgress: 1 },
    });
  });

  it('forgets the requests queued on a pipelining connection that goes away: only the live one is in progress', async () => {
    const s = await setup({ graceMs: 300 });
    // One held request, fifty pipelined behind it, then the client leaves: Node emits neither `finish` nor `close`
    // for the fifty queued answers, which a count of requests in progress kept for good (the heap, in the end).
    const socket = connect(s.port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n' + 'GET /queued HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(50));
    await s.whenRequests(51);
    socket.destroy();
    while ((await new Promise<number>((r, j) => s.server.getConnections((e, n) => (e ? j(e) : r(n))))) > 0)
      await new Promise((r) => setTimeout(r, 5));
    const slow = get(s.port, '/slow');
    await s.whenHeld(2);
    void s.shutdown('SIGTERM');
    expect(await s.exitCode).toBe(1);
    expect((await slow).error).toBeDefined();
    expect(s.logs.find((l) => l.level === 'error')).toMatchObject({ obj: { requestsInProgress: 1 } });
  });

  it('a failing step is logged, the next ones still run, and the exit code is 1', async () => {
    const order: string[] = [];
    const s = await setup({
      steps: [
        { name: 'mail worker', close: () => Promise.reject(new Error('smtp gone')) },
        { name: 'database', close: () => void order.push('database') },
      ],
    });
    void s.shutdown('SIGTERM');
    expect(await s.exitCode).toBe(1);
    expect(order).toEqual(['database']);
    expect(s.logs.find((l) => l.level === 'error')?.obj).toMatchObject({ step: 'mail worker' });
  });

  it('a second signal does not start a second shutdown', async () => {
    const s = await setup();
    const first = s.shutdown('SIGTERM');
    expect(s.shutdown('SIGINT')).toBe(first);
    expect(await first).toBe(0);
    expect(s.logs.filter((l) => l.msg.startsWith('shutting down'))).toHaveLength(1);
  });
});
