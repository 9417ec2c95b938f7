import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { COMPILE_HINT, COMPILE_HINT_MIN_LENGTH } from './src/lib/compile-hints';

// The storefront build: `vite build` (client, with index.html) and `vite build --ssr` (server entry).
// In mock mode (`npm run dev:mock`) the API is proxied to Prism instead of the real server.
const mockTarget = process.env.STOREFRONT_API_PROXY;
// …and the customer service API to its own Prism, which serves its paths without the base path.
const customerServiceTarget = process.env.CUSTOMER_SERVICE_PROXY;

/**
 * The built index.html in the order a phone's first paint needs: the stylesheet before the entry script, and
 * the entry (a few hundred bytes that wait for the first paint before fetching the app: src/entry-client.tsx)
 * and its imports at low fetch priority. The page is server-rendered, so nothing of the first screen needs a
 * script (docs/web-performance.md#the-code-after-the-first-paint).
 */
function firstPaintOrder(): import('vite').Plugin {
  return {
    name: 'storefront-first-paint-order',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const styles = html.match(/^\s*<link rel="stylesheet"[^>]*>\n/gm) ?? [];
        let out = styles.reduce((acc, tag) => acc.replace(tag, ''), html);
        out = out.replace(
          /^(\s*)<script type="module"/m,
          (m, indent: string) => styles.map((tag) => `${indent}${tag.trim()}\n`).join('') + m,
        );
        return out.replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');
      },
    },
  };
}

/**
 * Each larger script of the client build starts with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`):
 * the browser compiles all of its functions while it streams the file, on a background thread, instead of compiling
 * each one on the main thread the first time it is called. Hydration calls most of React's and the app's functions
 * once: without the hint a phone's main thread compiled them one by one inside the hydration's tasks (76–132 ms of
 * a Japanese listing's main thread in Lighthouse's traces; 11–29 ms with the hint on the chunks it is written to,
 * 2–6 ms with it on every chunk). A small chunk has little to compile and is not streamed, and each hint costs ~30
 * bytes gzip: only chunks of at least `COMPILE_HINT_MIN_LENGTH` characters carry it. docs/web-performance.md#compile-hints. Browsers without the
 * feature read a comment.
 */
function compileHints(): import('vite').Plugin {
  const hinted = (chunk: { modules: Record<string, { renderedLength: number }> }) =>
    Object.values(chunk.modules).reduce((sum, m) => sum + m.renderedLength, 0) >= COMPILE_HINT_MIN_LENGTH;
  return {
    name: 'storefront-compile-hints',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    // The file's name says its content: the hint is part of its hash.
    augmentChunkHash: (chunk) => (hinted(chunk) ? COMPILE_HINT : undefined),
    // The first line, before what the build itself writes at the top of a chunk (the list of a dynamic import's
    // dependencies): added last, and each source map shifted by the line.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !hinted(chunk)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const json = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
      },
    },
  };
}

/**
 * Each script, stylesheet and drawing of the client build also written compressed, at the highest settings
 * (`.br` Brotli 11, `.gz` gzip 9): the server sends these files as they are (server/src/ssr/precompressed.ts)
 * instead of compressing every response on the fly at a fast setting. The stylesheet: 30.1 KB (Brotli 4, on
 * the fly) → 22.9 KB; the scripts about 14 % smaller than gzip.
 */
function precompress(): import('vite').Plugin {
  return {
    name: 'storefront-precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async writeBundle(options, bundle) {
      const { brotliCompressSync, gzipSync, constants } = await import('node:zlib');
      const { readFileSync, writeFileSync } = await import('node:fs');
      const { join } = await import('node:path');
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(name) || name.startsWith('.vite/')) continue;
        const file = join(options.dir!, name);
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const CLIENT_APP = fileURLToPath(new URL('./src/client-app.tsx', import.meta.url));
const shellModules = new WeakMap<ChunkingContext, Set<string>>();

/**
 * `shell` for a module that the app (src/client-app.tsx) reaches through static imports alone: what every page
 * loads before it hydrates. A module that only a page or an overlay imports stays in their chunks.
 */
function shellChunkOf(id: string, ctx: ChunkingContext): string | null {
  let shell = shellModules.get(ctx);
  if (!shell) {
    shell = new Set([CLIENT_APP]);
    for (const module of shell)
      for (const imported of ctx.getModuleInfo(module)?.importedIds ?? []) shell.add(imported);
    shellModules.set(ctx, shell);
  }
  // Our own files only (the framework has its chunk), and not the app's own module: it awaits the page's chunk
  // (which imports the shell) before hydrating, so in the shell it would wait for itself.
  return shell.has(id) && id !== CLIENT_APP && !/[\\/]node_modules[\\/]/.test(id) ? 'shell' : null;
}

export default defineConfig({
  plugins: [react(), firstPaintOrder(), compileHints(), precompress()],
  build: {
    outDir: 'dist/client',
    manifest: true,
    modulePreload: {
      // Every browser the storefront supports preloads modules natively.
      polyfill: false,
      // The entry's one dynamic import, the app, is fetched with the list the server writes into the page (the app
      // and the page's own chunk: src/lib/first-paint.ts), so the entry carries no copy of the list.
      resolveDependencies: (_file, deps, { hostId }) => (/(^|\/)index-[^/]*\.js$/.test(hostId) ? [] : deps),
    },
    sourcemap: true,
    // One stylesheet for the whole site (26 KB gzip), cached across pages: a page waits for one request
    // before its first paint, not for a dozen small ones (each a round trip on a phone's network).
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page needs to hydrate, in one chunk rather than a handful: fewer requests on the
            // critical path, no byte more (each page loads all of it anyway).
            {
              name: 'framework',
              // With the storefront's own `useMutation` (src/lib/mutation.ts), a few lines around TanStack's.
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|openapi-fetch|use-sync-external-store)[\\/]|src[\\/]lib[\\/]mutation\.ts$/,
              priority: 10,
            },
            // The form-field kit (decision 0158) in one chunk: a form uses most of it, and as six chunks of a few
            // hundred bytes each it cost checkout more in file overhead than the pieces it does not use.
            {
              name: 'form-fields',
              test: /src[\\/]components[\\/]ui[\\/](field-parts|text-field|select-field|checkbox-field|radio-group|choice-cards|form-message)\.tsx$/,
              priority: 5,
            },
            // What the app itself imports (src/client-app.tsx and everything it reaches by static imports): every
            // page loads all of it before it hydrates, so one chunk instead of the twenty small ones the page chunks'
            // sharing cut it into (each a request, a task to start it and a module to instantiate): no byte more.
            { name: shellChunkOf, debugName: 'shell', priority: 1 },
            // The bundler's preload helper, which the entry imports as well: its own small chunk, so that the entry
            // (fetched before the first paint) never imports the shell.
            { name: 'preload-helper', test: /^\0vite[\\/]preload-helper/, priority: 20 },
          ],
        },
      },
    },
  },
  ssr: { noExternal: ['react-aria-components', /^@react-aria\//, /^@react-stately\//, /^@internationalized\//] },
  server: mockTarget
    ? (() => {
        // Prism serves the per-locale examples of the contract: a request whose `locale` query value
        // has an example gets `Prefer: example=<locale>` (a Prefer sent by the caller wins), so
        // /fr-fr/... shows French data. Other locales get the default (en-us) example.
        const EXAMPLE_LOCALES = new Set(['en-us', 'fr-fr', 'ja-jp']);
        const preferLocaleExample: import('vite').ProxyOptions['configure'] = (proxy) =>
          proxy.on('proxyReq', (proxyReq, req) => {
            if (req.headers.prefer) return;
            const locale = new URL(req.url ?? '/', 'http://mock.invalid').searchParams.get('locale');
            if (locale && EXAMPLE_LOCALES.has(locale)) proxyReq.setHeader('Prefer', `example=${locale}`);
          });

        // Media: Prism can only answer a schema string, so the dev server draws the images itself
        // with the catalogue's SVG generator. A pid of the examples' catalogue (the one
        // scripts/generate-examples.ts seeds) gets its real colour and category; any other pid a
        // deterministic one. Answered in the proxy's bypass (Vite stops once the response ended).
        const EXAMPLES_CATALOG = { brand: 'ysl', products: 120 } as const;
        type ImageInput = import('../fixtures/catalog/images.ts').ProductImageInput;
        let media:
          | Promise<{ svg: typeof import('../fixtures/catalog/images.ts'); product(pid: string): ImageInput }>
          | undefined;
        const loadMedia = () =>
          (media ??= (async () => {
            const svg = await import('../fixtures/catalog/images.ts');
            const { generateCatalog } = await import('../fixtures/catalog/generate.ts');
            const { LEAVES } = await import('../fixtures/catalog/taxonomy.ts');
            const known = new Map(generateCatalog(EXAMPLES_CATALOG).products.map((p) => [p.pid, p] as const));
            const palette = ['#1B1B1B', '#6F6D6A', '#E9E1D3', '#7A2E2A', '#2F3A4F', '#A8865B', '#3E4A3B'];
            const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
            const product = (pid: string): ImageInput => {
              const p = known.get(pid);
              if (p) return p;
              const h = hash(pid);
              const leaf = LEAVES[h % LEAVES.length]!;
              const hex = palette[(h >>> 8) % palette.length]!;
              return {
                pid,
                categoryId: `${EXAMPLES_CATALOG.brand}-${leaf.path}`,
                color: { code: '0000', hex, macroColor: 'mock', microColor: 'mock', names: {} as never },
              };
            };
            return { svg, product };
          })());
        const serveMedia: import('vite').ProxyOptions['bypass'] = async (req, res) => {
          if (!res) return undefined;
          const url = new URL(req.url ?? '/', 'http://mock.invalid');
          const contentMatch = /^\/media\/content\/([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/.exec(url.pathname);
          if (contentMatch?.[1]) {
            const { contentImageSvg, defaultRatio, wordmarkSvg, RATIOS } =
              await import('../fixtures/media/content-images.ts');
            const name = contentMatch[1];
            const ratio = url.searchParams.get('ratio');
            const body = name.startsWith('logo')
              ? wordmarkSvg('Saint Laurent', name === 'logo-inverse')
              : contentImageSvg(
                  name,
                  ratio && ratio in RATIOS ? (ratio as keyof typeof RATIOS) : defaultRatio(name),
                  'ysl',
                );
            res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-cache' });
            res.end(body);
            return req.url ?? '/';
          }
          const productMatch = /^\/media\/products\/([A-Za-z0-9]{1,32})\/([1-8])\.svg$/.exec(url.pathname);
          const categoryMatch = /^\/media\/categories\/([a-z0-9-]{1,80})\.svg$/.exec(url.pathname);
          if (!productMatch && !categoryMatch) return undefined; // let Prism answer
          const { svg, product } = await loadMedia();
          const body = productMatch
            ? svg.productImageSvg(product(productMatch[1]!.toUpperCase()), Number(productMatch[2]))
            : svg.categoryImageSvg({ id: categoryMatch![1]! }, url.searchParams.get('view') === '2' ? 2 : 1);
          res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-cache' });
          res.end(body);
          return req.url ?? '/';
        };

        // Translations: Prism's examples hold a few keys only, so the dev server answers
        // getTranslations from the same files the real server reads (web/src/locales).
        const serveTranslations: import('vite').ProxyOptions['bypass'] = async (req, res) => {
          const m = /^\/api\/data\/translations\/([a-z]{2}(?:-hant)?)\/([a-z]+)$/.exec(
            new URL(req.url ?? '/', 'http://mock.invalid').pathname,
          );
          if (!res || !m) return undefined; // every other /api call goes to Prism
          const { readFile } = await import('node:fs/promises');
          try {
            const body = await readFile(new URL(`./src/locales/${m[1]}/${m[2]}.json`, import.meta.url), 'utf8');
            res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
            res.end(body);
            return req.url ?? '/';
          } catch {
            return undefined; // unknown language or namespace: Prism answers the contract's 400
          }
        };

        return {
          proxy: {
            '/api/data/translations': { target: mockTarget, bypass: serveTranslations },
            '/api': { target: mockTarget, configure: preferLocaleExample },
            '/ssr': { target: mockTarget, configure: preferLocaleExample },
            '/media': { target: mockTarget, bypass: serveMedia },
            // The development build reports its web vitals here (web/src/lib/web-vitals.ts): Prism answers the
            // contract's 204 (and checks the body), where Vite alone would answer 404.
            '/internal/web-vitals': { target: mockTarget },
            ...(customerServiceTarget
              ? {
                  '/customer-service/v1': {
                    target: customerServiceTarget,
                    rewrite: (path: string) => path.replace(/^\/customer-service\/v1/, '') || '/',
                    configure: preferLocaleExample,
                  },
                }
              : {}),
          },
        };
      })()
    : undefined,
});
