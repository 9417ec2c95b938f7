import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Request, RequestHandler } from 'express';
import { AppError } from '../../shared/errors.ts';
import type { OperationRegistry } from '../../shared/operations.ts';
import { cacheFigures } from '../../shared/ttl-cache.ts';
import { sameSecret } from '../../shared/same-secret.ts';

/** Upper bounds (seconds) of the latency histogram. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The label of a request: the contract's operationId (set by the request validator), else a fixed kind of
 * route. Never the raw path or query, so that the number of series stays small whatever is requested.
 */
export function operationOf(req: Request): string {
  const id = (req as Request & { openapi?: { schema?: { operationId?: unknown } } }).openapi?.schema?.operationId;
  if (typeof id === 'string' && /^[A-Za-z0-9_]{1,64}$/.test(id)) return id;
  const path = req.path;
  if (path.startsWith('/assets/')) return 'asset';
  if (path.startsWith('/dev/')) return 'development';
  if (path === '/docs' || path.startsWith('/docs/')) return 'portal';
  if (path === '/robots.txt') return 'robots';
  if (/^\/(api|ssr|media|internal|sitemaps|customer-service)(\/|$)/.test(path)) return 'unmatched';
  return req.method === 'GET' || req.method === 'HEAD' ? 'page' : 'unmatched';
}

interface Histogram {
  buckets: number[];
  sum: number;
  count: number;
}

export interface PoolFigures {
  total: number;
  idle: number;
  waiting: number;
}

/** Escapes a label value of the text exposition format. */
function label(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/**
 * HTTP and process metrics of this instance in the Prometheus text exposition format (0.0.4), written
 * here rather than with a client library: a counter, a histogram and a handful of gauges.
 */
export class Metrics {
  private readonly requests = new Map<string, number>();
  private readonly latency = new Map<string, Histogram>();
  private readonly lag = monitorEventLoopDelay({ resolution: 10 });

  constructor(private readonly pool?: () => PoolFigures | undefined) {
    this.lag.enable();
  }

  /** Counts each answered request by operation, method and status, and times it. Mount first. */
  middleware(): RequestHandler {
    return (req, res, next) => {
      const start = process.hrtime.bigint();
      res.once('finish', () => {
        const seconds = Number(process.hrtime.bigint() - start) / 1e9;
        this.observe(operationOf(req), METHODS.has(req.method) ? req.method : 'OTHER', res.statusCode, seconds);
      });
      next();
    };
  }

  observe(operation: string, method: string, status: number, seconds: number): void {
    const key = `${operation}\u0000${method}\u0000${status}`;
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
    let h = this.latency.get(operation);
    if (!h) this.latency.set(operation, (h = { buckets: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 }));
    LATENCY_BUCKETS.forEach((le, i) => {
      if (seconds <= le) (h.buckets[i] as number)++;
    });
    h.sum += seconds;
    h.count++;
  }

  /** The exposition; the event-loop lag figures cover the time since the previous scrape. */
  render(): string {
    const out: string[] = [];
    const metric = (name: string, type: string, help: string, samples: string[]) => {
      out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...samples);
    };
    metric(
      'storefront_http_requests_total',
      'counter',
      'HTTP requests answered, by operation and status.',
      [...this.requests].map(([key, n]) => {
        const [op, method, status] = key.split('\u0000') as [string, string, string];
        return `storefront_http_requests_total{operation="${label(op)}",method="${method}",status="${status}"} ${n}`;
      }),
    );
    const hist: string[] = [];
    for (const [op, h] of this.latency) {
      const l = label(op);
      LATENCY_BUCKETS.forEach((le, i) =>
        hist.push(`storefront_http_request_duration_seconds_bucket{operation="${l}",le="${le}"} ${h.buckets[i]}`),
      );
      hist.push(`storefront_http_request_duration_seconds_bucket{operation="${l}",le="+Inf"} ${h.count}`);
      hist.push(`storefront_http_request_duration_seconds_sum{operation="${l}"} ${h.sum}`);
      hist.push(`storefront_http_request_duration_seconds_count{operation="${l}"} ${h.count}`);
    }
    metric('storefront_http_request_duration_seconds', 'histogram', 'Time to answer, by operation.', hist);
    const caches = cacheFigures();
    if (caches.length) {
      metric(
        'storefront_cache_requests_total',
        'counter',
        'Reads of the in-process caches (page data, listings, rendered pages…): answered from a fresh entry (hit) or computed (miss).',
        caches.flatMap((c) => [
          `storefront_cache_requests_total{cache="${label(c.name)}",result="hit"} ${c.hits}`,
          `storefront_cache_requests_total{cache="${label(c.name)}",result="miss"} ${c.misses}`,
        ]),
      );
      metric(
        'storefront_cache_entries',
        'gauge',
        'Entries held by each in-process cache.',
        caches.map((c) => `storefront_cache_entries{cache="${label(c.name)}"} ${c.entries}`),
      );
    }

    const mem = process.memoryUsage();
    const cpu = process.cpuUsage();
    metric('process_resident_memory_bytes', 'gauge', 'Resident memory size in bytes.', [
      `process_resident_memory_bytes ${mem.rss}`,
    ]);
    metric('process_cpu_user_seconds_total', 'counter', 'User CPU time spent in seconds.', [
      `process_cpu_user_seconds_total ${cpu.user / 1e6}`,
    ]);
    metric('process_cpu_system_seconds_total', 'counter', 'System CPU time spent in seconds.', [
      `process_cpu_system_seconds_total ${cpu.system / 1e6}`,
    ]);
    metric('process_start_time_seconds', 'gauge', 'Start time of the process since the Unix epoch in seconds.', [
      `process_start_time_seconds ${Math.round(Date.now() / 1000 - process.uptime())}`,
    ]);
    metric('process_uptime_seconds', 'gauge', 'Seconds since the process started.', [
      `process_uptime_seconds ${process.uptime()}`,
    ]);
    metric('nodejs_heap_size_used_bytes', 'gauge', 'V8 heap used in bytes.', [
      `nodejs_heap_size_used_bytes ${mem.heapUsed}`,
    ]);
    metric('nodejs_heap_size_total_bytes', 'gauge', 'V8 heap allocated in bytes.', [
      `nodejs_heap_size_total_bytes ${mem.heapTotal}`,
    ]);
    metric(
      'nodejs_external_memory_bytes',
      'gauge',
      'Memory of C++ objects bound to JavaScript objects (buffers, the embedded database).',
      [`nodejs_external_memory_bytes ${mem.external}`],
    );
    const lag = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
    metric('nodejs_eventloop_lag_mean_seconds', 'gauge', 'Mean event-loop delay since the previous scrape.', [
      `nodejs_eventloop_lag_mean_seconds ${lag(this.lag.mean)}`,
    ]);
    metric(
      'nodejs_eventloop_lag_p99_seconds',
      'gauge',
      '99th percentile of the event-loop delay since the previous scrape.',
      [`nodejs_eventloop_lag_p99_seconds ${lag(this.lag.percentile(99))}`],
    );
    metric('nodejs_eventloop_lag_max_seconds', 'gauge', 'Longest event-loop delay since the previous scrape.', [
      `nodejs_eventloop_lag_max_seconds ${lag(this.lag.max)}`,
    ]);
    this.lag.reset();
    const pool = this.pool?.();
    if (pool) {
      metric('storefront_db_pool_connections', 'gauge', 'PostgreSQL pool connections, by state.', [
        `storefront_db_pool_connections{state="total"} ${pool.total}`,
        `storefront_db_pool_connections{state="idle"} ${pool.idle}`,
        `storefront_db_pool_connections{state="waiting"} ${pool.waiting}`,
      ]);
    }
    return `${out.join('\n')}\n`;
  }

  close(): void {
    this.lag.disable();
  }
}

/**
 * `GET /internal/metrics`: the exposition for the monitoring scraper, behind `METRICS_TOKEN` (compared in
 * constant time). Without a token the endpoint is off. Refusals are logged with their code, never the header.
 */
export function metricsRoutes(ops: OperationRegistry, metrics: Metrics, token: string | undefined): void {
  ops.handle('getMetrics', {
    run: ({ req, res }) => {
      res.set('Cache-Control', 'no-store');
      const refuse = (code: 'ERR_LIB_1007' | 'ERR_LIB_1008' | 'ERR_LIB_1009') => {
        req.log?.warn({ code }, 'metrics call refused');
        return new AppError(code);
      };
      if (!token) throw refuse('ERR_LIB_1009');
      const presented = req.get('x-internal-token');
      if (!presented) throw refuse('ERR_LIB_1007');
      if (!sameSecret(presented, token)) throw refuse('ERR_LIB_1008');
      res.type('text/plain; version=0.0.4; charset=utf-8').send(metrics.render());
    },
  });
}
