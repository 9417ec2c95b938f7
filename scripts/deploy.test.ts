// The deployment description (deploy/) held against the code: no Docker engine runs here, so what can be checked
// without one is checked — every setting the compose file gives is one the server reads and accepts, the image's
// command is the server's production entry with everything it imports copied in, the health check is a route of the
// contract, the proxy reaches the instances on their port and the instances believe its X-Forwarded-For.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import express from 'express';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../server/src/shared/config.ts';
import {
  REPO_ROOT,
  interpolate,
  readCaddyfile,
  readCompose,
  readDockerfile,
  serviceEnvironment,
  stageCopies,
  stageEnv,
  type Stage,
} from '../server/src/test/deploy-files.ts';
import { SERVER_BUNDLE, buildServer } from './build-server.mjs';

const dockerfile = readDockerfile();
const runtime = dockerfile.stages.at(-1) as Stage;
const compose = readCompose();
const storefront = compose.services.storefront!;
const caddyfile = readCaddyfile();

/** The env file a deployment fills in (deploy/storefront.env.example), with its secrets drawn. */
const ENV_FILE: Record<string, string> = {
  PUBLIC_ORIGIN: 'https://shop.example.org',
  POSTGRES_PASSWORD: 'a-password',
  CACHE_BUST_TOKEN: 'b'.repeat(32),
  METRICS_TOKEN: 'm'.repeat(32),
  RECAPTCHA_SECRET: 'recaptcha-secret',
  RECAPTCHA_SITE_KEY: 'site-key',
};
const env = serviceEnvironment(storefront, ENV_FILE);

const args = (keyword: string) => runtime.instructions.filter((i) => i.keyword === keyword);
const one = (keyword: string) => {
  const found = args(keyword);
  expect(found, `one ${keyword} in the runtime stage`).toHaveLength(1);
  return found[0]!;
};

/** Every `.ts`/`.tsx` file under `dir` that is not a test. */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.(test|stories)\.tsx?$/.test(f) && !f.split('/').includes('test'))
    .map((f) => join(dir, f));
}

describe('Dockerfile', () => {
  it('builds in one stage, installs production dependencies in another, and runs from a third', () => {
    expect(dockerfile.stages.map((s) => s.name)).toEqual(['build', 'deps', 'runtime']);
    const build = dockerfile.stages[0]!;
    const runs = build.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
    expect(runs.some((r) => /^npm ci\b/.test(r) && !r.includes('--omit=dev'))).toBe(true);
    expect(runs.some((r) => r.startsWith('npm run build'))).toBe(true);
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.build).toBe('node scripts/build.mjs');
    const deps = dockerfile.stages[1]!;
    expect(deps.instructions.some((i) => i.keyword === 'RUN' && /npm ci --omit=dev\b/.test(i.args))).toBe(true);
    // The runtime takes its dependencies from the production install — the workspaces' own node_modules too
    // (server/node_modules) —, never the build's whole tree.
    const copies = stageCopies(runtime);
    expect(copies[0]).toEqual({ from: 'deps', sources: ['/app'], destination: './' });
    expect(copies.filter((c) => c.from === 'build').flatMap((c) => c.sources)).not.toContain('/app/node_modules');
  });

  it('every workspace manifest is copied before npm ci (npm ci refuses a lock whose workspaces are missing)', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
    for (const stage of dockerfile.stages.slice(0, 2)) {
      const copied = stageCopies(stage).flatMap((c) => c.sources);
      expect(copied).toContain('package-lock.json');
      for (const ws of pkg.workspaces)
        expect(copied, `${stage.name}: ${ws}/package.json`).toContain(`${ws}/package.json`);
    }
  });

  it('runs the production entry of the server as the unprivileged `node` user', () => {
    const cmd = one('CMD').exec;
    expect(cmd).toEqual(['node', SERVER_BUNDLE]);
    // The bundle the build makes, copied from the build stage; the same entry `npm start` runs (scripts/start.mjs),
    // without its demo defaults.
    expect(
      stageCopies(runtime).some((c) => c.from === 'build' && c.sources.includes(`/app/${dirname(SERVER_BUNDLE)}`)),
    ).toBe(true);
    expect(readFileSync(join(REPO_ROOT, 'scripts/start.mjs'), 'utf8')).toContain(`[join(root, '${SERVER_BUNDLE}')]`);
    const user = one('USER').args;
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    // USER comes after the last RUN (nothing runs as root afterwards) and before CMD.
    const order = runtime.instructions.map((i) => i.keyword);
    expect(order.lastIndexOf('RUN')).toBeLessThan(order.indexOf('USER'));
    expect(order.indexOf('USER')).toBeLessThan(order.indexOf('CMD'));
    expect(stageEnv(runtime).NODE_ENV).toBe('production');
    expect(one('STOPSIGNAL').args).toBe('SIGTERM');
  });

  it('exposes the port the server listens on, and the compose file uses it', () => {
    const port = one('EXPOSE').args;
    expect(stageEnv(runtime).PORT).toBe(port);
    expect(String(loadConfig({ ...stageEnv(runtime) }).port)).toBe(port);
    expect(env.PORT).toBe(port);
    expect(storefront.expose).toEqual([port]);
  });

  it('checks its health on a route of the contract that answers without the database', () => {
    const check = one('HEALTHCHECK').args;
    const path = /\/(healthz|readyz)\b/.exec(check)?.[0];
    expect(path).toBe('/healthz');
    const contract = YAML.parse(readFileSync(join(REPO_ROOT, 'openapi/storefront/openapi.yaml'), 'utf8')) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(contract.paths)).toContain(path);
    // Served by the ops module and by the handler that answers while the database is awaited.
    expect(readFileSync(join(REPO_ROOT, 'server/src/modules/ops/routes.ts'), 'utf8')).toContain(
      `ops.handle('getHealth'`,
    );
    expect(readFileSync(join(REPO_ROOT, 'server/src/modules/ops/starting.ts'), 'utf8')).toContain(path);
    expect(check).toContain('process.env.PORT');
  });

  it('imports from the bundle only packages the production install has', async () => {
    const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
    };
    // The bundle as the build makes it, into a folder of its own.
    mkdirSync(join(REPO_ROOT, 'node_modules/.cache'), { recursive: true });
    const dir = mkdtempSync(join(REPO_ROOT, 'node_modules/.cache/server-bundle-'));
    try {
      await buildServer(REPO_ROOT, { outfile: relative(REPO_ROOT, join(dir, 'main.mjs')) });
      const code = readFileSync(join(dir, 'main.mjs'), 'utf8');
      const specifiers = new Set(
        [...code.matchAll(/(?:^|\n)import\s+(?:[^'"]*?\s+from\s+)?"([^"]+)";|\bimport\("([^"]+)"\)/g)].map(
          (m) => (m[1] ?? m[2])!,
        ),
      );
      const packages = [...specifiers]
        .filter((s) => !s.startsWith('node:') && !s.startsWith('.'))
        .map((s) =>
          s
            .split('/')
            .slice(0, s.startsWith('@') ? 2 : 1)
            .join('/'),
        );
      expect(packages).toContain('@electric-sql/pglite');
      expect(packages).toContain('express');
      // The repository's own workspaces are inside it, not imported.
      expect(packages.filter((p) => p.startsWith('@storefront/'))).toEqual([]);
      // So are the server's texts (server/src/locales/<language>/<namespace>.json, imported): the image needs no copy of them.
      expect(code).toContain('"Activate your {brand} account"');
      // vite is imported only by the development server (never in production), and is not installed there.
      for (const name of new Set(packages)) {
        if (name === 'vite') continue;
        // Resolved as Node does from server/dist: the server workspace's own node_modules first, then the root's.
        const entry = lock.packages[`server/node_modules/${name}`] ?? lock.packages[`node_modules/${name}`];
        expect(entry, name).toBeDefined();
        expect(entry!.dev, name).toBeFalsy();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('copies every part of the repository the server imports or reads at run time', () => {
    const copied = new Set(
      stageCopies(runtime)
        .filter((c) => c.from === 'build')
        .flatMap((c) => c.sources.map((s) => s.replace(/^\/app\//, ''))),
    );
    const covered = (path: string) => [...copied].some((c) => path === c || path.startsWith(`${c}/`));
    // Relative imports of the server's sources that leave server/ (web/src/lib, fixtures, openapi …).
    const outside = new Set<string>();
    for (const file of sources(join(REPO_ROOT, 'server/src'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
        const target = relative(REPO_ROOT, join(file, '..', m[1]!));
        if (!target.startsWith('server/')) outside.add(target);
      }
    }
    expect(outside.size).toBeGreaterThan(0);
    for (const target of outside) expect(covered(target), target).toBe(true);
    // Read from disk: the bundled contracts, the portals, the web build (client assets and the SSR entry).
    for (const path of [
      'openapi/generated/storefront.bundled.yaml',
      'openapi/dist',
      'web/dist/server/entry-server.js',
      'web/dist/client',
      'node_modules/.cache/contracts',
    ]) {
      expect(covered(path), path).toBe(true);
    }
    // What is copied from the sources (not produced by the build) exists in the repository.
    for (const path of copied) {
      if (/^(web\/dist|openapi\/dist|server\/dist|node_modules)/.test(path)) continue;
      expect(existsSync(join(REPO_ROOT, path)), path).toBe(true);
    }
  });

  it('leaves out of the build context what the image rebuilds, and keeps what it copies', () => {
    const ignore = readFileSync(join(REPO_ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    expect(ignore).toEqual(expect.arrayContaining(['.git', '**/node_modules', '**/dist', '.env']));
    const glob = (pattern: string) =>
      new RegExp(
        `^${pattern
          .replace(/[.+^$()|[\]\\]/g, '\\$&')
          .replace(/\*\*\//g, '(?:.*/)?')
          .replace(/\*/g, '[^/]*')}(?:/|$)`,
      );
    const ignored = (path: string) => ignore.some((p) => glob(p).test(path));
    expect(ignored('web/node_modules/x')).toBe(true);
    expect(ignored('deploy/storefront.env')).toBe(true);
    for (const path of [
      'package.json',
      'package-lock.json',
      'server/src/main.ts',
      'web/src/entry-server.tsx',
      'openapi/generated/storefront.bundled.yaml',
      'fixtures/catalog/generate.ts',
      'scripts/build.mjs',
      'deploy/Dockerfile',
    ]) {
      expect(ignored(path), path).toBe(false);
    }
  });
});

describe('compose file', () => {
  it('gives the storefront only settings the server reads, and the server accepts them', () => {
    const unknown = Object.keys(env).filter((k) => !CONFIG_VARIABLES.includes(k));
    expect(unknown).toEqual([]);
    const config = loadConfig(env);
    expect(config.env).toBe('production');
    expect(config.databaseUrl).toBe('postgres://storefront:a-password@postgres:5432/storefront');
    expect(config.redisUrl).toBe('redis://redis:6379/0');
    expect(config.publicOrigin).toBe('https://shop.example.org');
    expect(config.secureCookies).toBe(true);
    expect(config.recaptchaVerifier).toBe('google');
    expect(config.mailbox).toBe(false);
    expect(config.demoClient).toBe(false);
    expect(config.cacheBustToken).toBe(ENV_FILE.CACHE_BUST_TOKEN);
    expect(config.metricsToken).toBe(ENV_FILE.METRICS_TOKEN);
    expect(config.warnings).toEqual([]);
  });

  it('refuses to start without its secrets and public origin', () => {
    for (const name of ['POSTGRES_PASSWORD', 'PUBLIC_ORIGIN', 'CACHE_BUST_TOKEN', 'METRICS_TOKEN']) {
      expect(() => serviceEnvironment(storefront, { ...ENV_FILE, [name]: '' }), name).toThrow(name);
    }
    expect(interpolate('${A:-x}', {})).toBe('x');
    expect(interpolate('${A:-x}', { A: 'y' })).toBe('y');
  });

  it('runs several instances, each started once PostgreSQL and Redis are healthy, and stopped after its grace period', () => {
    const replicas = Number(interpolate(String(storefront.deploy?.replicas), {}));
    expect(replicas).toBeGreaterThanOrEqual(2);
    expect(storefront.build).toEqual({ context: '..', dockerfile: 'deploy/Dockerfile' });
    expect(storefront.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    expect(compose.services.postgres?.healthcheck).toBeDefined();
    expect(compose.services.redis?.healthcheck).toBeDefined();
    expect(compose.services.proxy?.depends_on).toEqual({ storefront: { condition: 'service_healthy' } });
    expect(storefront.init).toBe(true);
    const graceMs = loadConfig(env).shutdownGraceMs;
    expect(Number(/^(\d+)s$/.exec(storefront.stop_grace_period ?? '')?.[1]) * 1000).toBeGreaterThanOrEqual(
      graceMs + 2000,
    );
    // The database and Redis the URLs name are services of this file.
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining([new URL(env.DATABASE_URL!).hostname, new URL(env.REDIS_URL!).hostname]),
    );
  });

  it('keeps every connection the instances may open under PostgreSQL max_connections', () => {
    const replicas = Number(interpolate(String(storefront.deploy?.replicas), {}));
    const config = loadConfig(env);
    const command = compose.services.postgres!.command as string[];
    const max = Number(command.find((c) => c.startsWith('max_connections='))?.split('=')[1]);
    // Per process: its pool and the invalidation listener's connection (none with Redis, counted anyway), and
    // the start's maintenance connection; replicas × workers processes.
    const perProcess = config.databasePoolSize! + 2;
    expect(replicas * config.webConcurrency * perProcess).toBeLessThanOrEqual(max - 10);
  });
});

describe('Caddyfile', () => {
  it('forwards to every instance of the storefront service on its port, with no affinity', () => {
    const dynamic = /dynamic a (\S+) (\d+)/.exec(caddyfile);
    expect(dynamic?.[1]).toBe('storefront');
    expect(dynamic?.[2]).toBe(env.PORT);
    expect(caddyfile).toMatch(/lb_policy round_robin/);
    expect(caddyfile).not.toMatch(/lb_policy (cookie|ip_hash|header)/);
    // Caddy's own X-Forwarded-For is what the instances read; no rule overrides it with something else.
    expect(caddyfile).not.toMatch(/header_up\s+-?X-Forwarded-For/i);
    const proxy = compose.services.proxy!;
    expect(proxy.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
  });

  it('is believed by the instances: TRUST_PROXY covers the compose network, not the internet', () => {
    const app = express();
    app.set('trust proxy', [...loadConfig(env).trustProxy]);
    const trusted = app.get('trust proxy fn') as (addr: string, i: number) => boolean;
    // Docker's networks are drawn from private ranges (172.16.0.0/12, 192.168.0.0/16, 10.0.0.0/8).
    for (const proxy of ['172.18.0.5', '192.168.16.2', '10.0.1.9', '127.0.0.1'])
      expect(trusted(proxy, 0), proxy).toBe(true);
    for (const stranger of ['203.0.113.9', '8.8.8.8']) expect(trusted(stranger, 0), stranger).toBe(false);
    // The default stays loopback alone.
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'loopback; rm -rf' })).toThrow(/TRUST_PROXY/);
  });
});

it('the example env file names every variable the compose file requires', () => {
  const example = readFileSync(join(REPO_ROOT, 'deploy/storefront.env.example'), 'utf8');
  const named = new Set(
    example
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => l.slice(0, l.indexOf('='))),
  );
  const required = [...readFileSync(join(REPO_ROOT, 'deploy/compose.yaml'), 'utf8').matchAll(/\$\{([A-Z_]+):\?/g)].map(
    (m) => m[1]!,
  );
  for (const name of required) expect(named.has(name), name).toBe(true);
  expect(statSync(join(REPO_ROOT, 'deploy/Caddyfile')).isFile()).toBe(true);
});
