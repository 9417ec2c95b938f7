// One way for every cache-emptying event to reach every instance: a bust (`POST /internal/cache/bust`), a
// content publication, a catalogue change. A cache registers how it is emptied; `invalidate()` empties it here
// at once and publishes the same message to the other instances, which apply it as soon as they read it.
// docs/scaling.md#invalidation.
//
// Transports: Redis pub/sub when REDIS_URL is set; otherwise PostgreSQL LISTEN/NOTIFY (`db/notifications.ts`);
// with the embedded PGlite database, which only one process can open, in process only.
//
// A transport that may have missed messages — its connection was lost, it reconnected — reports a gap, and
// the bus then empties every cache it knows (at the loss, and again once it listens anew): an instance that
// could not hear never keeps a stale answer past its reconnection.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { AppError } from './errors.ts';

/** Narrows a bust to some entries: exact keys (one cache only) or the entries of some locales. */
export interface CacheFilter {
  keys?: string[] | undefined;
  locales?: string[] | undefined;
}

/** Empties a cache (or the entries the filter names) in this process; answers how many entries went. */
export type Bustable = (filter: CacheFilter) => number;

export interface Invalidation extends CacheFilter {
  /** Caches to empty, by their registered names. */
  caches: string[];
  /** Why, for the logs (`bust`, `content published`, `catalogue seeded`…). */
  reason: string;
}

/** What carries the messages between instances. Each payload reaches every listener, the sender's own included. */
export interface BusTransport {
  readonly name: string;
  /**
   * Starts listening: `deliver` receives every payload published (by any instance, this one too), `gap` is
   * called when messages may have been missed (connection lost, reconnected).
   */
  start(deliver: (payload: string) => void, gap: (reason: string) => void): Promise<void>;
  publish(payload: string): Promise<void>;
  close(): Promise<void>;
}

interface BusLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface Message {
  v: 1;
  id: string;
  /** The instance that published it. */
  from: string;
  caches: string[];
  keys?: string[];
  locales?: string[];
  reason: string;
}

export interface BusFigures {
  transport: string;
  published: number;
  /** Messages of other instances applied here. */
  received: number;
  /** Times the caches were emptied because messages may have been missed. */
  gaps: number;
}

/** How long `invalidate()` waits for its own message to come back through the transport. */
const ECHO_MS = 2_000;

export class InvalidationBus {
  /** This process, in messages (its own come back and are not applied twice). */
  readonly instance = randomUUID();
  private readonly caches = new Map<string, Bustable>();
  private readonly echoes = new Map<string, () => void>();
  private started = false;
  private closed = false;
  private readonly figures: BusFigures;

  constructor(
    private readonly transport: BusTransport,
    private readonly logger: BusLogger,
  ) {
    this.figures = { transport: transport.name, published: 0, received: 0, gaps: 0 };
  }

  /** A cache this instance holds, and how to empty it. Names are shared by every instance. */
  register(name: string, bust: Bustable): void {
    this.caches.set(name, bust);
  }

  /** The registered cache names. */
  names(): string[] {
    return [...this.caches.keys()];
  }

  stats(): BusFigures {
    return { ...this.figures };
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.transport.start(
      (payload) => this.receive(payload),
      (reason) => this.gap(reason),
    );
  }

  /**
   * Empties the caches here at once, then publishes the message; resolves once the transport has passed it
   * to every listening instance (its own copy has come back, or after ECHO_MS), with the entries removed
   * here. A message that cannot be published fails with ERR_API_1003 (503): the caller tries again.
   */
  async invalidate(invalidation: Invalidation): Promise<{ cache: string; entriesRemoved: number }[]> {
    const message: Message = {
      v: 1,
      id: randomUUID(),
      from: this.instance,
      caches: invalidation.caches,
      reason: invalidation.reason,
    };
    if (invalidation.keys?.length) message.keys = invalidation.keys;
    if (invalidation.locales?.length) message.locales = invalidation.locales;
    const removed = this.apply(message);
    if (this.closed) return removed;
    const echoed = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.echoes.delete(message.id);
        resolve(false);
      }, ECHO_MS);
      timer.unref();
      this.echoes.set(message.id, () => {
        clearTimeout(timer);
        this.echoes.delete(message.id);
        resolve(true);
      });
    });
    try {
      await this.transport.publish(JSON.stringify(message));
    } catch (err) {
      this.echoes.get(message.id)?.();
      this.logger.error(
        { code: 'ERR_API_1003', transport: this.transport.name, reason: (err as Error).message },
        'cache invalidation not published to the other instances',
      );
      const error = new AppError(
        'ERR_API_1003',
        'The caches of this instance were emptied, but the other instances could not be told. Try again in a moment.',
      );
      error.retryAfterSeconds = 5;
      throw error;
    }
    this.figures.published++;
    if (!(await echoed))
      this.logger.warn(
        { transport: this.transport.name, caches: message.caches },
        'cache invalidation published, but not heard back within 2 s',
      );
    return removed;
  }

  /** Empties every registered cache here only (a gap, a test). */
  emptyAll(): void {
    this.apply({ caches: this.names() });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const resolve of [...this.echoes.values()]) resolve();
    if (this.started) await this.transport.close();
  }

  private apply(message: Pick<Message, 'caches' | 'keys' | 'locales'>): { cache: string; entriesRemoved: number }[] {
    const filter: CacheFilter = { keys: message.keys, locales: message.locales };
    return message.caches.map((cache) => {
      const bust = this.caches.get(cache);
      let entriesRemoved = 0;
      try {
        entriesRemoved = bust ? bust(filter) : 0;
      } catch (err) {
        this.logger.error({ err, cache }, 'emptying a cache failed');
      }
      return { cache, entriesRemoved };
    });
  }

  private receive(payload: string): void {
    let message: Message;
    try {
      message = JSON.parse(payload) as Message;
    } catch {
      this.logger.warn({ transport: this.transport.name }, 'cache invalidation: an unreadable message was ignored');
      return;
    }
    if (message?.v !== 1 || !Array.isArray(message.caches)) return;
    if (message.from === this.instance) {
      this.echoes.get(message.id)?.();
      return;
    }
    this.figures.received++;
    this.apply(message);
    this.logger.info(
      { caches: message.caches, reason: message.reason, from: message.from },
      'caches emptied by another instance',
    );
  }

  private gap(reason: string): void {
    this.figures.gaps++;
    this.emptyAll();
    this.logger.warn(
      { transport: this.transport.name, reason },
      'cache invalidations may have been missed: every cache emptied',
    );
  }
}

/**
 * In process only: the embedded PGlite database can be opened by one process, so there is no other instance
 * to tell (WEB_CONCURRENCY>1 is refused with it).
 */
export class LocalTransport implements BusTransport {
  readonly name = 'in-process';
  private deliver: ((payload: string) => void) | undefined;
  async start(deliver: (payload: string) => void): Promise<void> {
    this.deliver = deliver;
  }
  async publish(payload: string): Promise<void> {
    this.deliver?.(payload);
  }
  async close(): Promise<void> {
    this.deliver = undefined;
  }
}

/**
 * Redis pub/sub (REDIS_URL): one subscriber connection, one for publishing. Pub/sub channels ignore Redis'
 * database numbers, so the channel names the brand and the database of the URL: storefronts sharing a Redis
 * server on other databases never hear each other. After a lost connection the subscriber connects again
 * by itself (ioredis); once it listens anew, the gap is reported.
 */
export class RedisTransport implements BusTransport {
  readonly name = 'redis';
  readonly channel: string;
  private readonly subscriber: Redis;
  private readonly publisher: Redis;
  private closing = false;

  private readonly logger: BusLogger | undefined;
  private readonly startWaitMs: number;

  constructor(options: {
    url: string;
    brand: string;
    logger?: BusLogger;
    /** How long `start` waits for the first subscription before the app goes on without it (default 5 s). */
    startWaitMs?: number;
    /** The subscriber's name in Redis' CLIENT LIST (default `storefront:<brand>:invalidation:<pid>`). */
    connectionName?: string;
  }) {
    const { url, brand } = options;
    this.logger = options.logger;
    this.startWaitMs = options.startWaitMs ?? 5_000;
    const db = Number(new URL(url).pathname.slice(1) || 0);
    this.channel = `storefront:${brand}:db${db}:invalidation`;
    const connectionName = options.connectionName ?? `storefront:${brand}:invalidation:${process.pid}`;
    this.subscriber = new Redis(url, {
      lazyConnect: true,
      autoResubscribe: false,
      maxRetriesPerRequest: null,
      connectionName,
    });
    this.publisher = new Redis(url, { maxRetriesPerRequest: 2 });
    // Without listeners an unreachable Redis would print a stack per attempt; the loss itself is reported as a gap.
    this.subscriber.on('error', () => undefined);
    this.publisher.on('error', () => undefined);
  }

  start(deliver: (payload: string) => void, gap: (reason: string) => void): Promise<void> {
    let listening = false;
    let lost = false;
    let first: (() => void) | undefined;
    const firstSubscription = new Promise<void>((resolve) => (first = resolve));
    this.subscriber.on('message', (channel: string, payload: string) => {
      if (channel === this.channel) deliver(payload);
    });
    this.subscriber.on('ready', () => {
      this.subscriber.subscribe(this.channel).then(
        () => {
          listening = true;
          first?.();
          first = undefined;
          if (lost) {
            lost = false;
            gap('listening again after a lost Redis connection');
          }
        },
        (err: unknown) =>
          this.logger?.warn({ reason: (err as Error).message }, 'cache invalidation: Redis subscription failed'),
      );
    });
    this.subscriber.on('close', () => {
      if (this.closing || !listening || lost) return;
      listening = false;
      lost = true;
      gap('Redis connection lost');
    });
    this.subscriber.connect().catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        if (first) {
          this.logger?.warn(
            { channel: this.channel },
            'cache invalidation: Redis does not answer yet; this instance listens once it does',
          );
          // Whatever is cached until then is emptied when the subscription comes.
          lost = true;
        }
        resolve();
      }, this.startWaitMs);
      timer.unref();
    });
    return Promise.race([firstSubscription, waited]).finally(() => clearTimeout(timer));
  }

  async publish(payload: string): Promise<void> {
    await this.publisher.publish(this.channel, payload);
  }

  async close(): Promise<void> {
    this.closing = true;
    // Politely, but bounded: a Redis that does not answer must not hold a shutdown.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([this.subscriber.quit(), this.publisher.quit()]).catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, 1_000))),
    ]);
    clearTimeout(timer);
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
