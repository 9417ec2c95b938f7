// The dependency rules of `npm run lint` (.dependency-cruiser.cjs) catch what they are for: each case writes a
// small tree of files in a temporary folder, with the repository's layout, and cruises it with the real config.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Cruises `files` (path → source) with the repository's rules; answers each violation as `rule: from → to`. */
function violations(files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'lint-rules-'));
  dirs.push(dir);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  const roots = [...new Set(Object.keys(files).map((p) => p.split('/')[0]!))];
  const r = spawnSync(
    join(root, 'node_modules/.bin/depcruise'),
    ['--config', join(root, '.dependency-cruiser.cjs'), '--no-cache', '--output-type', 'json', ...roots],
    { cwd: dir, encoding: 'utf8' },
  );
  if (!r.stdout) throw new Error(`depcruise gave no answer: ${r.stderr}`);
  const result = JSON.parse(r.stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('dependency rules', { timeout: 60_000 }, () => {
  it('report a feature importing another feature, not a feature importing itself or the app composing them', () => {
    expect(
      violations({
        'web/src/features/basket/add.ts':
          "import { view } from '../product/view.ts';\nimport { own } from './own.ts';\nexport const add = [view, own];\n",
        'web/src/features/basket/own.ts': 'export const own = 1;\n',
        'web/src/features/product/view.ts': 'export const view = 1;\n',
        'web/src/app/route.ts':
          "import { add } from '../features/basket/add.ts';\nimport { view } from '../features/product/view.ts';\nexport const r = [add, view];\n",
      }),
    ).toEqual(['features-do-not-import-features: web/src/features/basket/add.ts → web/src/features/product/view.ts']);
  });

  it("report a server module reached past its index.ts, from another module or from outside, not from the module's tests", () => {
    expect(
      violations({
        'server/src/modules/mail/index.ts': "export { enqueueMail } from './outbox.ts';\n",
        'server/src/modules/mail/outbox.ts': 'export const enqueueMail = 1;\n',
        'server/src/modules/mail/outbox.test.ts':
          "import { enqueueMail } from './outbox.ts';\nexport const t = enqueueMail;\n",
        'server/src/modules/contact/service.ts':
          "import { enqueueMail } from '../mail/outbox.ts';\nexport const s = enqueueMail;\n",
        'server/src/modules/newsletter/service.ts':
          "import { enqueueMail } from '../mail/index.ts';\nexport const s = enqueueMail;\n",
        'server/src/app.ts': "import { enqueueMail } from './modules/mail/outbox.ts';\nexport const a = enqueueMail;\n",
      }),
    ).toEqual([
      'module-through-its-index-from-outside: server/src/app.ts → server/src/modules/mail/outbox.ts',
      'module-through-its-index: server/src/modules/contact/service.ts → server/src/modules/mail/outbox.ts',
    ]);
  });

  it('report a runtime import cycle and shared/ importing a module, not a cycle of type-only imports', () => {
    const found = violations({
      'server/src/modules/markets/index.ts':
        "export { marketRoutes } from './routes.ts';\nexport const DEFAULT_LOCALE = 'en-us';\n",
      'server/src/modules/markets/routes.ts':
        "import { marketOf } from '../../shared/market-context.ts';\nexport const marketRoutes = marketOf;\n",
      'server/src/shared/market-context.ts':
        "import { DEFAULT_LOCALE } from '../modules/markets/index.ts';\nexport const marketOf = DEFAULT_LOCALE;\n",
      'server/src/modules/orders/a.ts':
        "import type { B } from './b.ts';\nexport type A = { b?: B };\nexport const a = 1;\n",
      'server/src/modules/orders/b.ts':
        "import type { A } from './a.ts';\nexport type B = { a?: A };\nexport const b = 1;\n",
    });
    expect(found).toContain(
      'shared-imports-no-module: server/src/shared/market-context.ts → server/src/modules/markets/index.ts',
    );
    expect(found.filter((v) => v.startsWith('no-runtime-cycle:')).length).toBeGreaterThan(0);
    expect(found.filter((v) => v.includes('modules/orders'))).toEqual([]);
  });

  it('report production code importing fixtures/ or the web’s sources, not tests, stories, seeds or reference/', () => {
    expect(
      violations({
        'fixtures/catalog/generate.ts': 'export const generateCatalog = 1;\n',
        'reference/markets/index.ts': 'export const countries = [];\n',
        'web/src/lib/format.ts': 'export const formatPrice = 1;\n',
        'web/src/features/stores/store-story-data.ts':
          "import { generateCatalog } from '../../../../fixtures/catalog/generate.ts';\nexport const s = generateCatalog;\n",
        'server/src/modules/basket/service.ts':
          "import { generateCatalog } from '../../../../fixtures/catalog/generate.ts';\nimport { countries } from '../../../../reference/markets/index.ts';\nexport const c = [generateCatalog, countries];\n",
        'server/src/modules/catalog/seed.ts':
          "import { generateCatalog } from '../../../../fixtures/catalog/generate.ts';\nexport const c = generateCatalog;\n",
        'server/src/modules/catalog/catalog.test.ts':
          "import { generateCatalog } from '../../../../fixtures/catalog/generate.ts';\nexport const c = generateCatalog;\n",
        'server/src/modules/mail/templates.ts':
          "import { formatPrice } from '../../../../web/src/lib/format.ts';\nexport const m = formatPrice;\n",
      }),
    ).toEqual([
      'production-imports-no-fixtures: server/src/modules/basket/service.ts → fixtures/catalog/generate.ts',
      'server-imports-no-web-src: server/src/modules/mail/templates.ts → web/src/lib/format.ts',
    ]);
  });
});
