import { connect, createServer, type Server, type Socket } from 'node:net';

interface Pair {
  client: Socket;
  upstream: Socket | undefined;
  /** What a partition held back, in order: bytes each way and closes. */
  held: (() => void)[];
}

/**
 * A TCP proxy on loopback between a process and its PostgreSQL, for fault tests:
 * - `partition()`: nothing passes any more, silently — no bytes, no close, no reset; new connections are
 *   accepted and then hear nothing (as behind a dropped route). Everything is held, in order. Sockets are
 *   half-open capable, so a side that says goodbye (FIN) hears nothing back either, as across a real partition.
 * - `partitionOn(text)`: the same, from the moment a client sends bytes containing `text` (those bytes are held).
 * - `restore()`: what was held is delivered, and forwarding goes on (a partition that heals).
 * - `cut()`: every connection is closed at once, both ways (a restart, a failover).
 */
export class FaultProxy {
  private partitioned = false;
  private trigger: Buffer | undefined;
  private readonly pairs = new Set<Pair>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async start(target: { host: string; port: number }): Promise<FaultProxy> {
    const server = createServer({ allowHalfOpen: true });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    const address = server.address();
    if (!address || typeof address !== 'object') throw new Error('proxy: no port');
    const proxy = new FaultProxy(server, address.port, target);
    server.on('connection', (socket) => proxy.accept(socket));
    return proxy;
  }

  get isPartitioned(): boolean {
    return this.partitioned;
  }

  partition(): void {
    this.partitioned = true;
  }

  partitionOn(text: string): void {
    this.trigger = Buffer.from(text, 'latin1');
  }

  restore(): void {
    this.partitioned = false;
    this.trigger = undefined;
    for (const pair of [...this.pairs]) {
      if (!pair.upstream) {
        // Accepted during the partition: connect it now, unless its client has given up meanwhile.
        if (pair.client.destroyed) {
          this.pairs.delete(pair);
          continue;
        }
        this.connectUpstream(pair);
      }
      for (const action of pair.held.splice(0)) action();
    }
  }

  cut(): void {
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
    this.pairs.clear();
  }

  /** Connections open through the proxy. */
  get connections(): number {
    return this.pairs.size;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    const pair: Pair = { client, upstream: undefined, held: [] };
    this.pairs.add(pair);
    client.on('error', () => undefined);
    client.on('data', (chunk: Buffer) => {
      if (this.trigger && chunk.includes(this.trigger)) {
        this.trigger = undefined;
        this.partitioned = true;
      }
      this.pass(pair, () => pair.upstream?.write(chunk));
    });
    client.on('end', () => this.pass(pair, () => pair.upstream?.end()));
    client.on('close', () =>
      this.pass(pair, () => {
        pair.upstream?.destroy();
        this.pairs.delete(pair);
      }),
    );
    if (!this.partitioned) this.connectUpstream(pair);
  }

  private connectUpstream(pair: Pair): void {
    const upstream = connect({ port: this.target.port, host: this.target.host, allowHalfOpen: true });
    pair.upstream = upstream;
    upstream.on('error', () => undefined);
    upstream.on('data', (chunk: Buffer) => this.pass(pair, () => pair.client.write(chunk)));
    upstream.on('end', () => this.pass(pair, () => pair.client.end()));
    upstream.on('close', () =>
      this.pass(pair, () => {
        pair.client.destroy();
        this.pairs.delete(pair);
      }),
    );
  }

  private pass(pair: Pair, action: () => void): void {
    if (this.partitioned) pair.held.push(action);
    else action();
  }
}
