import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Express } from 'express';
import express from 'express';
import type { Config } from '../shared/config.ts';
import { fromRoot } from '../shared/paths.ts';
import type { WebServerEntry } from './host.ts';
import { precompressed } from './precompressed.ts';
import { readManifest, type Manifest } from './preload.ts';

export const WEB_ROOT = fromRoot('web');

/** The web app as the page host uses it: its server entry, its HTML template, and the build's manifest. */
export interface WebBuild {
  loadEntry: () => Promise<WebServerEntry>;
  template: (url: string) => Promise<string>;
  /** Which chunks and styles a page's route module needs; none in development. */
  manifest: Manifest | null;
}

/**
 * Loads the web app: in development (VITE_DEV=true) through Vite's dev server, mounted with its HMR; otherwise
 * the build in web/dist, whose assets and other files are served from here.
 */
export async function mountWebBuild(app: Express, config: Pick<Config, 'viteDev' | 'env'>): Promise<WebBuild> {
  if (config.viteDev) {
    const { createServer } = await import('vite');
    const vite = await createServer({
      root: WEB_ROOT,
      configFile: join(WEB_ROOT, 'vite.config.ts'),
      // No HMR socket in tests: several test apps may run at once.
      server: { middlewareMode: true, ...(config.env === 'test' ? { hmr: false } : {}) },
      appType: 'custom',
    });
    app.use(vite.middlewares);
    return {
      loadEntry: () => vite.ssrLoadModule('/src/entry-server.tsx') as Promise<WebServerEntry>,
      template: (url) => vite.transformIndexHtml(url, readFileSync(join(WEB_ROOT, 'index.html'), 'utf8')),
      // No manifest in development: Vite serves each module as it is asked for.
      manifest: null,
    };
  }
  const clientDir = join(WEB_ROOT, 'dist/client');
  if (!existsSync(join(clientDir, 'index.html')) || !existsSync(join(WEB_ROOT, 'dist/server/entry-server.js'))) {
    throw new Error(
      'The web build is missing: run `npm run build` (npm start builds before starting), or set VITE_DEV=true.',
    );
  }
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const entry = (await import(pathToFileURL(join(WEB_ROOT, 'dist/server/entry-server.js')).href)) as WebServerEntry;
  // Hashed assets never change: cache them for a year. Sent as the build compressed them where it did.
  app.use('/assets', precompressed(join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }));
  app.use('/assets', express.static(join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }));
  // The build's other files (favicon, robots, fonts…): only paths under one of its top-level names reach the
  // file system. A page path never does, which spared every page request a stat() of a file that is not there.
  const files = express.static(clientDir, { index: false, maxAge: '1h' });
  const topLevel = new Set(readdirSync(clientDir).filter((name) => name !== 'assets'));
  app.use((req, res, next) => {
    const slash = req.path.indexOf('/', 1);
    let first: string;
    try {
      first = decodeURIComponent(req.path.slice(1, slash === -1 ? undefined : slash));
    } catch {
      return next();
    }
    return topLevel.has(first) ? files(req, res, next) : next();
  });
  return { loadEntry: async () => entry, template: async () => html, manifest: readManifest(clientDir) };
}
