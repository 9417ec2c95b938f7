// Stopping the server without dropping a request (SIGTERM, SIGINT): see docs/operations.md#shutdown.
//
// Why not `server.close()`: since Node 19 it first calls `closeIdleConnections()`, which destroys every
// connection whose parser has not begun a message — including one whose request bytes have arrived but are
// not read yet (the event loop was busy, e.g. with an embedded-database query). Destroying a socket with
// unread data sends a TCP reset: the client gets ECONNRESET for a request it sent before the signal. It also
// leaves busy keep-alive connections open (nothing tells their clients to stop), so they go on being served
// until the grace period ends and are then cut mid-request. Closing the listener at once resets the
// connections the kernel has already queued for it but the process has not accepted yet — and libuv accepts
// one connection per event-loop turn, so after a busy moment a whole queue of sent requests is reset.
//
// Here, instead:
// 1. at the signal, readiness answers 503 and every answer from then on carries `Connection: close` (the
//    client sends nothing more on that connection and reconnects elsewhere); requests in progress finish;
// 2. the listener closes once the kernel's accept queue is empty (event-loop turns until one accepts nothing,
//    normally one or two); meanwhile answers are not finished (so no client reconnects into the queue) and the
//    connections accepted are not read. Only the listening socket closes: later connections are refused;
// 3. a kept-alive connection with nothing in progress is closed once it has been silent for `idleMs` (a client
//    using it sends its next request sooner, and that one is answered, with `Connection: close`);
// 4. once every connection has ended: the close steps, in order (workers, then the database last);
// 5. exit 0 — or, past the grace period, the remaining connections are destroyed, the fact logged, and the
//    exit code is 1 (the close steps still run, for at most `hardStopMs` more).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

export interface CloseStep {
  /** Named in the log when it fails or outlasts the grace period. */
  name: string;
  close: () => Promise<unknown> | unknown;
}

interface ShutdownLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface GracefulShutdownOptions {
  server: Server;
  /** Set to false at the signal: the readiness probe answers 503 from then on. */
  readiness: { ready: boolean };
  logger: ShutdownLogger;
  /** From the signal to the exit: past it, remaining connections are destroyed and the exit code is 1. */
  graceMs: number;
  /** Run in order once every connection has ended (background workers first, the database last). */
  steps: CloseStep[];
  /** Silence after which an idle kept-alive connection is closed while draining; default min(1 s, grace / 10). */
  idleMs?: number;
  /** After the grace period, how long the close steps may still take before the process exits anyway. */
  hardStopMs?: number;
  /** process.exit, replaced in tests. */
  exit?: (code: number) => void;
}

interface Connection {
  socket: Socket;
  /** Requests received on it and not answered yet. */
  active: number;
  /** When it last became idle (accepted, or its last response finished). */
  idleSince: number;
  /** bytesRead at that moment: more since means a request is arriving. */
  bytesAtIdle: number;
  /** The sweep that found it silent for idleMs; a later sweep closes it if it still is. */
  markedAt?: number;
  /** Accepted while shutdown waited for the accept queue to empty: not read until the listener has closed. */
  paused: boolean;
  /** Its requests' responses not yet finished (see the socket's `close` below). */
  responses: Set<ServerResponse>;
}

/**
 * Tracks the server's connections from now on (call it before the server accepts any) and returns the
 * function to call on a signal. The promise it returns settles with the exit code, after `exit` was called.
 */
export function gracefulShutdown(options: GracefulShutdownOptions): (signal: string) => Promise<number> {
  const { server, readiness, logger, graceMs, steps } = options;
  const idleMs = options.idleMs ?? Math.min(1_000, Math.max(graceMs / 10, 10));
  const hardStopMs = options.hardStopMs ?? 2_000;
  const acceptMs = graceMs / 2;
  const exit = options.exit ?? ((code: number) => process.exit(code));

  const connections = new Map<Socket, Connection>();
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  /** While the listener waits for the accept queue to empty: answers are finished only once it has closed. */
  let holding = false;
  const heldEnds: (() => void)[] = [];
  const hold = (res: ServerResponse) => {
    const end = res.end;
    res.end = function (this: ServerResponse, ...args: unknown[]) {
      if (!holding) return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
      heldEnds.push(() => (end as (...a: unknown[]) => ServerResponse).apply(this, args));
      return this;
    } as ServerResponse['end'];
  };
  let answeredWhileDraining = 0;
  let idleClosed = 0;
  let accepted = 0;
  // net.Server reads this property at each accepted connection: a paused socket reads nothing until resumed.
  const listener = server as unknown as { pauseOnConnect: boolean };
  const paused = () => listener.pauseOnConnect === true;
  const pausing = (on: boolean) => (listener.pauseOnConnect = on);

  server.on('connection', (socket: Socket) => {
    accepted++;
    connections.set(socket, {
      socket,
      active: 0,
      idleSince: Date.now(),
      bytesAtIdle: socket.bytesRead,
      paused: paused(),
      responses: new Set(),
    });
    socket.once('close', () => {
      // A response queued behind others on a pipelining connection that goes away emits neither `finish` nor
      // `close` (Node 20): forgotten here, or every abandoned pipelined request would be kept for good (a client
      // sending hundreds per connection and leaving exhausted the heap).
      for (const res of connections.get(socket)?.responses ?? []) inFlight.delete(res);
      connections.delete(socket);
      connectionGone();
    });
  });
  // Before the application's own listener: the header is set before any handler can send the response.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const connection = connections.get(req.socket);
    if (connection) {
      connection.active++;
      connection.responses.add(res);
    }
    inFlight.add(res);
    if (draining) res.setHeader('Connection', 'close');
    if (holding) hold(res);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      inFlight.delete(res);
      if (draining) answeredWhileDraining++;
      if (connection) {
        connection.responses.delete(res);
        connection.active--;
        connection.idleSince = Date.now();
        connection.bytesAtIdle = connection.socket.bytesRead;
      }
    };
    res.once('finish', end);
    res.once('close', end);
  });

  /**
   * Closes the kept-alive connections that have nothing in progress and have been silent for idleMs. Silent as
   * the process sees it: after a long synchronous task (a page render, an embedded-database query) a request
   * may wait in the socket's buffer, unread. So a connection found silent is only marked, and closed by a later
   * sweep — sweeps run in the check phase, so a poll phase has read whatever had arrived by the mark.
   */
  let sweeps = 0;
  const sweep = () => {
    const now = Date.now();
    sweeps++;
    for (const c of connections.values()) {
      if (c.active > 0 || c.socket.bytesRead !== c.bytesAtIdle || now - c.idleSince < idleMs) {
        c.markedAt = undefined;
      } else if (c.markedAt === undefined) {
        c.markedAt = sweeps;
      } else if (c.markedAt < sweeps) {
        idleClosed++;
        c.socket.destroy();
      }
    }
  };

  /** Set while shutting down: called when a connection ends, to notice the last one. */
  let connectionGone: () => void = () => undefined;

  let started: Promise<number> | undefined;
  return (signal: string) => {
    if (started) {
      logger.warn({ signal }, 'already shutting down');
      return started;
    }
    started = run(signal);
    return started;
  };

  async function run(signal: string): Promise<number> {
    const t0 = Date.now();
    readiness.ready = false;
    logger.warn({ signal, graceMs }, 'shutting down: readiness 503, finishing the requests in progress');
    let forced = false;
    let step = 'requests';
    let hardStop: NodeJS.Timeout | undefined;
    const deadline = setTimeout(() => {
      forced = true;
      logger.error(
        {
          code: 'ERR_API_1003',
          graceMs,
          during: step,
          connections: connections.size,
          requestsInProgress: inFlight.size,
        },
        'shutdown grace period over: closing the remaining connections',
      );
      for (const c of connections.values()) c.socket.destroy();
      hardStop = setTimeout(() => {
        logger.error({ code: 'ERR_API_1003', during: step }, 'shutdown: the close steps did not end, exiting');
        exit(1);
      }, hardStopMs);
    }, graceMs);

    // From now on every answer says `Connection: close`: the client sends nothing more on that connection.
    draining = true;
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    // Connections that reached the process before the signal may still wait in the kernel's accept queue, and
    // libuv takes one of them per event-loop turn: closing the listener now would reset the rest, their
    // requests sent in full. So the loop turns until a turn accepts nothing. Meanwhile no client may be made
    // to reconnect — its new connection would join the queue, and be reset if it came after the last turn —
    // so the answers are written but not finished (a client acts on `Connection: close` at the end of the
    // answer); and the connections accepted meanwhile are not read yet, adding no work to lengthen the turns.
    holding = true;
    for (const res of inFlight) hold(res);
    pausing(true);
    const acceptUntil = t0 + acceptMs;
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (let seen = accepted; ; seen = accepted) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (accepted === seen || Date.now() >= acceptUntil) break;
    }
    // net.Server's close, not http.Server's: that one destroys idle-looking connections at once (see above).
    // Later connections are refused.
    // Drained once the listener has closed and every connection this shutdown tracks has ended. The tracked ones
    // are also those handed to this process by a cluster's primary (`emit('connection')`), which the listener's
    // own count never sees.
    const drained = new Promise<void>((resolve) => {
      let listenerClosed = false;
      connectionGone = () => {
        if (listenerClosed && connections.size === 0) resolve();
      };
      NetServer.prototype.close.call(server, () => {
        listenerClosed = true;
        connectionGone();
      });
    });
    holding = false;
    for (const end of heldEnds.splice(0)) {
      try {
        end();
      } catch (err) {
        // A connection destroyed meanwhile (the grace period over, the client gone): nothing to finish.
        logger.warn({ err }, 'shutdown: an answer could not be finished');
      }
    }
    pausing(false);
    for (const c of connections.values()) {
      if (!c.paused) continue;
      c.paused = false;
      c.idleSince = Date.now();
      c.socket.resume();
    }
    sweep();
    const sweeping = setInterval(() => setImmediate(sweep), Math.max(10, Math.min(100, idleMs / 4)));
    await drained;
    clearInterval(sweeping);
    const drainedMs = Date.now() - t0;

    let failed = false;
    for (const s of steps) {
      step = s.name;
      try {
        await s.close();
      } catch (err) {
        failed = true;
        logger.error({ err, step: s.name }, 'shutdown: a close step failed');
      }
    }
    clearTimeout(deadline);
    if (hardStop) clearTimeout(hardStop);
    const code = forced || failed ? 1 : 0;
    logger.warn(
      { signal, ms: Date.now() - t0, drainedMs, answeredWhileDraining, idleClosed, exitCode: code },
      'stopped',
    );
    exit(code);
    return code;
  }
}
