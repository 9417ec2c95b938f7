// The server's entry as a process of its own, for the tests that need the real thing (signals, several processes,
// the deployed command): started with an environment, its output kept, waited for until it says it is ready.
import { spawn, type ChildProcessWithoutNullStreams, type SpawnOptionsWithoutStdio } from 'node:child_process';
import { join } from 'node:path';

export const REPO_ROOT = join(import.meta.dirname, '../../..');
/**
 * The server's entry from its sources: production runs the same code bundled (server/dist/main.mjs, the Dockerfile's
 * CMD and scripts/start.mjs; main.test.ts starts both); the tests run the sources, so they never run a stale bundle.
 */
export const SERVER_ENTRY = ['--import', 'tsx', 'server/src/main.ts'];

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** Everything it wrote, stdout and stderr together. */
  output: string;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  base: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `node <args>` (the server's entry unless told otherwise) in `cwd` (the repository) on 127.0.0.1:`port`.
 * `env` is laid over this process's environment, or is the whole environment with `inherit: false` (as a container's).
 */
export function startServerProcess(options: {
  port: number;
  env: Record<string, string>;
  inherit?: boolean;
  cwd?: string;
  args?: string[];
  spawnOptions?: Pick<SpawnOptionsWithoutStdio, 'uid' | 'gid'>;
}): ServerProcess {
  const env = { ...(options.inherit === false ? {} : process.env), PORT: String(options.port), ...options.env };
  const child = spawn(process.execPath, options.args ?? SERVER_ENTRY, {
    cwd: options.cwd ?? REPO_ROOT,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
    ...options.spawnOptions,
  });
  const server: ServerProcess = {
    child,
    output: '',
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
    base: `http://127.0.0.1:${options.port}`,
  };
  child.stdout.on('data', (d) => (server.output += d));
  child.stderr.on('data', (d) => (server.output += d));
  return server;
}

/** Waits for the `Storefront ready` line; fails with the output when the process exits first or takes longer than `ms`. */
export async function untilReady(server: ServerProcess, ms = 90_000): Promise<void> {
  const started = Date.now();
  while (!server.output.includes('Storefront ready')) {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`exited ${server.child.exitCode ?? server.child.signalCode}:\n${server.output}`);
    if (Date.now() - started > ms) throw new Error(`not ready within ${ms / 1000} s:\n${server.output}`);
    await sleep(100);
  }
}

/** Kills a server still running (a test's clean-up), and waits up to 5 s for it to go. */
export async function killServerProcess(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await Promise.race([server.exited, sleep(5_000)]);
}
