// The image's runtime, reproduced outside Docker (no Docker engine runs here): deploy/Dockerfile's runtime stage is
// laid out in a temporary folder — the files its COPY instructions take from the build, hard-linked; the production
// install (`npm ci --omit=dev`) as links to this repository's packages that package-lock.json does not mark `dev`,
// and tsx as the Dockerfile copies it — and its CMD is run there as an unprivileged user (nobody), with the
// Dockerfile's ENV and the environment deploy/compose.yaml gives an instance, on a PostgreSQL database of its own.
// It serves the health check (the Dockerfile's own HEALTHCHECK command is run), readiness and a page, and stops on
// SIGTERM with exit 0. PostgreSQL only: the compose file runs on PostgreSQL, and PGlite is one process's database.
//
// What this does not prove: the base image, `npm ci` itself, the production install's own transitive
// dependencies (linked packages resolve theirs from this repository's full install; the server's direct imports
// resolve from the production set only), Caddy and Docker's network.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownDatabase } from './test/own-database.ts';
import { freePort, testDatabaseKind } from './test/settings.ts';
import { killServerProcess, startServerProcess, untilReady, type ServerProcess } from './test/server-process.ts';
import {
  REPO_ROOT,
  readCompose,
  readDockerfile,
  serviceEnvironment,
  stageCopies,
  stageEnv,
  type Stage,
} from './test/deploy-files.ts';

const onPostgres = testDatabaseKind() === 'postgres';
if (!onPostgres)
  console.log(
    'deploy.test.ts: PostgreSQL only (TEST_DB=postgres with TEST_DATABASE_URL, the compose file runs on PostgreSQL); skipped on PGlite.',
  );

const NOBODY = 65534;
const dockerfile = readDockerfile();
const runtime = dockerfile.stages.at(-1) as Stage;
const build = dockerfile.stages.find((s) => s.name === 'build') as Stage;

/** Copies a file or a folder by hard links (the same bytes, nothing duplicated); folders are made anew. */
function linkTree(from: string, to: string): void {
  if (statSync(from).isDirectory()) {
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from)) linkTree(join(from, entry), join(to, entry));
  } else {
    mkdirSync(dirname(to), { recursive: true });
    linkSync(from, to);
  }
}

/**
 * `npm ci --omit=dev` as links: every package of the lock that is not `dev`, at its place (the root's node_modules or
 * a workspace's), and the workspaces linked as npm links them; `under` is the part of the deps stage's /app a COPY
 * takes ('' for all of it).
 */
function productionInstall(app: string, under: string): number {
  const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; link?: boolean; resolved?: string }>;
  };
  let count = 0;
  for (const [key, entry] of Object.entries(lock.packages)) {
    // Only packages directly under a node_modules folder of the root or of a workspace: nested ones come with them.
    const parts = key.split('node_modules/');
    if (key === '' || parts.length !== 2 || entry.dev) continue;
    // What the COPY takes of the deps stage's /app (all of it, or one folder such as node_modules).
    if (under && !(key === under || key.startsWith(`${under}/`))) continue;
    const target = join(app, key);
    mkdirSync(dirname(target), { recursive: true });
    if (entry.link) symlinkSync(relative(dirname(target), join(app, entry.resolved!)), target);
    else if (existsSync(join(REPO_ROOT, key))) symlinkSync(join(REPO_ROOT, key), target);
    else continue; // an optional package of another platform
    count++;
  }
  return count;
}

let app = '';
let own: Awaited<ReturnType<typeof ownDatabase>> | undefined;
let server: ServerProcess | undefined;
let env: Record<string, string> = {};
let linkedPackages = 0;
const figures: string[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  // The build stage's output: the production build, then the rest of its RUN (the contracts parsed into the cache).
  if (!existsSync(join(REPO_ROOT, 'web/dist/server/entry-server.js')))
    execFileSync('node', ['scripts/build.mjs'], { cwd: REPO_ROOT, stdio: 'ignore' });
  const buildRun = build.instructions
    .filter((i) => i.keyword === 'RUN')
    .map((i) => i.args)
    .find((r) => r.startsWith('npm run build'))!;
  for (const step of buildRun
    .split('&&')
    .map((s) => s.trim())
    .filter((s) => s !== 'npm run build'))
    execFileSync('sh', ['-c', step], { cwd: REPO_ROOT, stdio: 'ignore' });

  // The runtime stage's /app.
  app = mkdtempSync(join(os.tmpdir(), 'storefront-image-'));
  for (const copy of stageCopies(runtime)) {
    if (copy.from === 'deps')
      for (const source of copy.sources) linkedPackages += productionInstall(app, source.replace(/^\/app\/?/, ''));
    else if (copy.from === 'build') {
      for (const source of copy.sources) {
        const path = source.replace(/^\/app\//, '');
        const destination = copy.destination.endsWith('/')
          ? join(app, copy.destination, path.split('/').at(-1)!)
          : join(app, copy.destination);
        linkTree(join(REPO_ROOT, path), destination);
      }
    }
  }
  for (const i of runtime.instructions.filter((x) => x.keyword === 'RUN'))
    execFileSync('sh', ['-c', i.args.replace(/chown node:node/, `chown ${NOBODY}:${NOBODY}`)], { cwd: app });
  // Every folder readable and enterable by the unprivileged user, as in the image (mkdtemp makes the top one 0700).
  execFileSync('chmod', ['755', app]);

  own = await ownDatabase(`${new URL(process.env.TEST_DATABASE_URL!).pathname.slice(1)}_image`);
  const port = await freePort();
  const composeEnv = serviceEnvironment(readCompose().services.storefront!, {
    PUBLIC_ORIGIN: 'https://shop.example.org',
    POSTGRES_PASSWORD: 'unused',
    CACHE_BUST_TOKEN: 'deploy-test-bust-token',
    METRICS_TOKEN: 'deploy-test-metrics-token',
  });
  env = {
    // A container's environment: PATH and HOME of its user, the image's ENV, then the compose file's.
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: '/nonexistent',
    ...stageEnv(runtime),
    ...composeEnv,
    // Where this machine's services are, instead of the compose network's names.
    DATABASE_URL: own.url,
    REDIS_URL: process.env.TEST_REDIS_URL ?? '',
    HOST: '127.0.0.1',
    PORT: String(port),
    CATALOG_PRODUCTS: '30',
  };
  const cmd = runtime.instructions.find((i) => i.keyword === 'CMD')!.exec!;
  expect(cmd[0]).toBe('node');
  const started = Date.now();
  server = startServerProcess({
    port,
    env,
    inherit: false,
    cwd: app,
    args: cmd.slice(1),
    spawnOptions: { uid: NOBODY, gid: NOBODY },
  });
  await untilReady(server, 120_000);
  figures.push(
    `ready ${((Date.now() - started) / 1000).toFixed(1)} s after its start (${linkedPackages} production packages linked)`,
  );
}, 240_000);

afterAll(async () => {
  await killServerProcess(server);
  await own?.drop();
  if (app) rmSync(app, { recursive: true, force: true });
  if (figures.length) console.log(`deploy.test.ts: ${figures.join('; ')}`);
}, 60_000);

describe.skipIf(!onPostgres)('the image, run outside Docker', () => {
  it('runs as the unprivileged user, in production, on PostgreSQL', () => {
    const status = readFileSync(`/proc/${server!.child.pid}/status`, 'utf8');
    expect(/^Uid:\s+(\d+)/m.exec(status)?.[1]).toBe(String(NOBODY));
    expect(server!.output).toMatch(/Storefront ready at .* PostgreSQL \(\d+ connections\)/);
  });

  it("passes the Dockerfile's HEALTHCHECK and answers readiness", async () => {
    const check = runtime.instructions.find((i) => i.keyword === 'HEALTHCHECK')!.args;
    const command = JSON.parse(check.slice(check.indexOf('CMD') + 3).trim()) as string[];
    expect(command[0]).toBe('node');
    // Its exit code is what Docker reads: 0 healthy.
    execFileSync(process.execPath, command.slice(1), { env, uid: NOBODY, gid: NOBODY, timeout: 10_000 });
    const ready = await fetch(`${server!.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'postgres' } });
  });

  it('serves a rendered page and its script from the copied build', async () => {
    const page = await fetch(`${server!.base}/fr-fr/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<html lang="fr/);
    expect(html).toContain('id="sf-bootstrap"');
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(new URL(script!, server!.base));
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    // Cookies of the https public origin are Secure, with the __Host- prefix.
    const session = await fetch(`${server!.base}/api/data/session?locale=fr-fr`, {
      method: 'POST',
      headers: { accept: 'application/json', 'sec-fetch-site': 'same-origin' },
    });
    expect(session.status, await session.clone().text()).toBeLessThan(300);
    expect(session.headers.get('set-cookie')).toMatch(/^__Host-sid=.*Secure/);
  });

  it('stops on SIGTERM with exit code 0 within the grace period', async () => {
    const t = Date.now();
    server!.child.kill('SIGTERM');
    const code = await server!.exited;
    const ms = Date.now() - t;
    figures.push(`stopped ${ms} ms after SIGTERM`);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(Number(env.SHUTDOWN_GRACE_MS));
    expect(server!.output).toMatch(/"msg":"stopped"/);
  });
});
