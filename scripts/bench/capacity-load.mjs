// What `npm run bench:capacity` (scripts/bench-capacity.mjs) reads and sends: the CPU of the storefront and of the
// PostgreSQL backends from /proc, the Redis commands, and the closed loops of requests.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

// ---------------------------------------------------------------- CPU and Redis counters
const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux

/** utime + stime of a process, in ms (undefined once it is gone). */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** Total and idle CPU of the machine (all cores), in ms. */
export function machineMs() {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0) * TICK_MS;
  return { total, idle: (cpu[3] + cpu[4]) * TICK_MS };
}

/** Follows the CPU of the PostgreSQL backends of one database while a run lasts. */
export function backendWatch(admin, database) {
  const first = new Map();
  const last = new Map();
  let stopped = false;
  const sample = async () => {
    const { rows } = await admin.query(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    for (const { pid } of rows) {
      const ms = cpuMs(pid);
      if (ms === undefined) continue;
      if (!first.has(pid)) first.set(pid, ms);
      last.set(pid, ms);
    }
  };
  const loop = (async () => {
    while (!stopped) {
      await sample();
      await sleep(200);
    }
  })();
  return {
    ready: sample(),
    async stop() {
      stopped = true;
      await loop;
      await sample();
      let ms = 0;
      for (const [pid, end] of last) ms += end - (first.get(pid) ?? end);
      return { ms, backends: last.size };
    },
  };
}

export async function redisCommands(redis) {
  if (!redis) return undefined;
  const info = await redis.call('INFO', 'stats');
  return Number(/total_commands_processed:(\d+)/.exec(info)?.[1]);
}

// ---------------------------------------------------------------- load
/**
 * `concurrency` closed loops for `seconds`: each calls `step(i)`, which sends one or more requests and returns how
 * many it sent and whether each answered as expected.
 */
export async function loops(concurrency, seconds, step) {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  let requests = 0;
  let failed = 0;
  let firstFailure;
  let i = 0;
  const latencies = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const t = performance.now();
        try {
          requests += await step(i++);
          done++;
          latencies.push(performance.now() - t);
        } catch (err) {
          failed++;
          firstFailure ??= err.message;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    done,
    requests,
    failed,
    firstFailure,
    p50: latencies[Math.floor(latencies.length / 2)],
    p99: latencies[Math.floor(latencies.length * 0.99)],
  };
}

export async function expectOk(res, what) {
  const body = await res.text();
  if (res.status < 200 || res.status > 299) throw new Error(`${what}: ${res.status} ${body.slice(0, 200)}`);
  return body;
}
