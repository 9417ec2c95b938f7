// WEB_CONCURRENCY > 1: this machine's cores through node:cluster (docs/scaling.md#one-machine-all-cores).
//
// The primary process supervises and accepts: it listens on the port itself and hands each connection it
// accepts to the next worker in turn (over IPC, the socket unread), forks the workers (each a whole storefront
// with its own database pool, caches and invalidation listener), relays "migrations and seeding are done" from
// the one worker that runs them to the others, and replaces a worker that dies after it started.
//
// Why not node:cluster's own port sharing: its round-robin mode queues accepted connections in the primary and
// resets that queue when the last worker closes its listener — under load at SIGTERM, most connections already
// sent (measured: 51 of 60 reset); its other mode lets the kernel pick a worker, which leaves one worker with
// almost every kept-alive connection (measured: 96 of 100). Owning the accept, the primary can stop the way one
// process does (docs/operations.md#shutdown): at SIGTERM/SIGINT it takes what the kernel has queued, closes the
// listener (later connections are refused, never reset), hands the last connections over, then tells every
// worker to shut down — after those connections on the same ordered channel — waits for each, and exits 0 only
// if each exited 0.
import cluster, { type Worker } from 'node:cluster';
import { createServer, type Socket } from 'node:net';

/** A worker's part at start: run migrations and seeding, wait for another worker's, or skip them (a replacement). */
export type WorkerRole = 'maintain' | 'wait' | 'skip';
export const WORKER_ROLE_VARIABLE = 'STOREFRONT_WORKER_ROLE';

type WorkerMessage =
  | { type: 'storefront:online' }
  | { type: 'storefront:maintained' }
  | { type: 'storefront:await-maintenance' }
  | { type: 'storefront:ready'; line: string };

type PrimaryMessage =
  | { type: 'storefront:maintained' }
  | { type: 'storefront:connection' }
  | { type: 'storefront:shutdown'; signal: string };

interface PrimaryLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PrimaryOptions {
  workers: number;
  port: number;
  host: string;
  logger: PrimaryLogger;
  /** Each worker's SHUTDOWN_GRACE_MS: the primary waits that, plus the close steps' 2 s and a margin. */
  graceMs: number;
  /** process.exit, replaced in tests. */
  exit?: (code: number) => void;
  /** Replacements allowed within a minute before the primary gives up (a crash loop). */
  maxRestartsPerMinute?: number;
}

/** The primary's side. Resolves with the exit code once every worker is gone. */
export function runPrimary(options: PrimaryOptions): Promise<number> {
  const { workers: count, logger, graceMs } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const maxRestarts = options.maxRestartsPerMinute ?? 5;
  const ready = new Set<number>();
  const waiting = new Set<Worker>();
  const restarts: number[] = [];
  let maintained = false;
  let announced = false;
  let stopping: { code: number; signal: string } | undefined;
  let finish: (code: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => (finish = resolve));

  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());

  // ---- connections: accepted here, unread (pauseOnConnect), handed to the online workers in turn.
  /** Workers that listen for connections (they said so once their message handler was in place). */
  const online: Worker[] = [];
  /** Connections accepted while no worker was online yet (the first seconds of a start). */
  const held: Socket[] = [];
  let turn = 0;
  let accepted = 0;
  const listener = createServer({ pauseOnConnect: true }, (socket) => {
    accepted++;
    handOver(socket);
  });
  function handOver(socket: Socket, tries = 0): void {
    const live = online.filter((w) => !w.isDead() && w.isConnected());
    const worker = live[turn++ % Math.max(1, live.length)];
    if (!worker) {
      held.push(socket);
      return;
    }
    worker.send({ type: 'storefront:connection' } satisfies PrimaryMessage, socket, { keepOpen: false }, (err) => {
      if (!err) return;
      // The worker went away meanwhile: another one takes the connection.
      if (tries < 3 && !socket.destroyed) handOver(socket, tries + 1);
      else socket.destroy();
    });
  }
  listener.on('error', (err) => {
    logger.error({ err }, 'cannot listen');
    stop('listen failed', 1);
  });
  listener.listen(options.port, options.host);

  /** The ready line of the worker that migrated and seeded (it says whether a catalogue was seeded). */
  let maintainerLine: string | undefined;
  const fork = (role: WorkerRole): Worker => {
    const worker = cluster.fork({ [WORKER_ROLE_VARIABLE]: role });
    worker.on('message', (message: WorkerMessage) => {
      if (message?.type === 'storefront:online') {
        online.push(worker);
        for (const socket of held.splice(0)) handOver(socket);
      } else if (message?.type === 'storefront:maintained') {
        maintained = true;
        for (const w of waiting) w.send({ type: 'storefront:maintained' } satisfies PrimaryMessage);
        waiting.clear();
      } else if (message?.type === 'storefront:await-maintenance') {
        if (maintained) worker.send({ type: 'storefront:maintained' } satisfies PrimaryMessage);
        else waiting.add(worker);
      } else if (message?.type === 'storefront:ready') {
        ready.add(worker.id);
        if (role === 'maintain') maintainerLine = message.line;
        if (!announced && ready.size >= count) {
          announced = true;
          // Printed, not logged, like a single process's line (the production log level hides info).
          console.log(`${maintainerLine ?? message.line} — ${count} worker processes (WEB_CONCURRENCY)`);
        } else if (announced) logger.warn({ worker: worker.id }, 'the new worker serves');
      }
    });
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    waiting.delete(worker);
    const at = online.indexOf(worker);
    if (at >= 0) online.splice(at, 1);
    const wasReady = ready.delete(worker.id);
    if (stopping) {
      if (code !== 0) stopping.code = 1;
      if (alive().length === 0) end(stopping.code);
      return;
    }
    if (!wasReady) {
      // A worker that could not start (a wrong password, a failing migration): the others would fail alike.
      logger.error(
        { code: 'ERR_API_1003', worker: worker.id, exitCode: code, signal },
        'a worker ended during its start: stopping',
      );
      stop('start failed', 1);
      return;
    }
    const now = Date.now();
    while (restarts.length && restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length >= maxRestarts) {
      logger.error({ code: 'ERR_API_1003', restarts: restarts.length }, 'workers keep dying: stopping');
      stop('crash loop', 1);
      return;
    }
    restarts.push(now);
    logger.error(
      { code: 'ERR_API_1003', worker: worker.id, exitCode: code, signal },
      'a worker died: starting another',
    );
    fork('skip');
  });

  let deadline: NodeJS.Timeout | undefined;
  function stop(signal: string, code: number): void {
    if (stopping) {
      logger.warn({ signal }, 'already shutting down');
      return;
    }
    stopping = { code, signal };
    logger.warn(
      { signal, workers: alive().length, graceMs },
      'shutting down: no new connection, then every worker stops',
    );
    // Each worker stops within its grace period plus its close steps' 2 s; beyond a margin, it is killed.
    deadline = setTimeout(() => {
      const left = alive();
      logger.error(
        { code: 'ERR_API_1003', workers: left.length },
        'workers still running past the grace period: killed',
      );
      for (const w of left) w.process.kill('SIGKILL');
      if (stopping) stopping.code = 1;
    }, graceMs + 5_000);
    deadline.unref();
    void (async () => {
      // What the kernel has queued for the listener is taken (one connection per event-loop turn) and handed
      // over before it closes: closing first would reset those connections, their requests already sent.
      const until = Date.now() + graceMs / 2;
      await new Promise<void>((resolve) => setImmediate(resolve));
      for (let seen = accepted; ; seen = accepted) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (accepted === seen || Date.now() >= until) break;
      }
      listener.close();
      // No worker to take them (all gone): these few are closed.
      for (const socket of held.splice(0)) socket.destroy();
      // After the connections on the same channel: a worker has all of them before it starts to stop.
      for (const w of alive()) {
        if (w.isConnected()) w.send({ type: 'storefront:shutdown', signal } satisfies PrimaryMessage);
        else w.process.kill('SIGTERM');
      }
      if (alive().length === 0) end(stopping?.code ?? code);
    })();
  }

  function end(code: number): void {
    if (deadline) clearTimeout(deadline);
    listener.close();
    logger.warn({ exitCode: code }, 'stopped: every worker has exited');
    finish(code);
    exit(code);
  }

  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGINT', () => stop('SIGINT', 0));

  fork('maintain');
  for (let i = 1; i < count; i++) fork('wait');
  return done;
}

/** A worker's role (undefined when this process is not a cluster worker). */
export function workerRole(): WorkerRole | undefined {
  if (!cluster.isWorker) return undefined;
  const role = process.env[WORKER_ROLE_VARIABLE];
  return role === 'wait' || role === 'skip' ? role : 'maintain';
}

/**
 * A worker's side of the connections: each one the primary hands over is given to `accept` (the HTTP server's
 * `connection`), and the primary's word to stop to `shutdown`. Then the primary is told this worker takes
 * connections.
 */
export function takeConnections(accept: (socket: Socket) => void, shutdown: (signal: string) => void): void {
  process.on('message', (message: PrimaryMessage, socket?: Socket) => {
    if (message?.type === 'storefront:connection' && socket) accept(socket);
    else if (message?.type === 'storefront:shutdown') shutdown(message.signal);
  });
  process.send?.({ type: 'storefront:online' } satisfies WorkerMessage);
}

/** A waiting worker's wait for the primary's word that migrations and seeding are done. */
export function maintenanceDone(): Promise<void> {
  return new Promise((resolve) => {
    const listener = (message: PrimaryMessage) => {
      if (message?.type !== 'storefront:maintained') return;
      process.off('message', listener);
      resolve();
    };
    process.on('message', listener);
    process.send?.({ type: 'storefront:await-maintenance' } satisfies WorkerMessage);
  });
}

/** Tells the primary (if any) that this worker's migrations and seeding are done. */
export function reportMaintained(): void {
  if (cluster.isWorker) process.send?.({ type: 'storefront:maintained' } satisfies WorkerMessage);
}

/** Tells the primary that this worker serves; false when there is no primary (the caller prints the line). */
export function reportReady(line: string): boolean {
  if (!cluster.isWorker) return false;
  process.send?.({ type: 'storefront:ready', line } satisfies WorkerMessage);
  return true;
}
