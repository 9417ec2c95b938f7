import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, writeFileSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const codegen = join(root, 'scripts/codegen.mjs');
let dir: string;

function copyRepo(): string {
  dir = mkdtempSync(join(tmpdir(), 'codegen-test-'));
  cpSync(join(root, 'openapi'), join(dir, 'openapi'), {
    recursive: true,
    filter: (p) => !p.includes('node_modules') && !p.endsWith('/dist'),
  });
  cpSync(join(root, 'redocly.yaml'), join(dir, 'redocly.yaml'));
  mkdirSync(join(dir, 'server/src'), { recursive: true });
  mkdirSync(join(dir, 'web/src/locales/en'), { recursive: true });
  cpSync(join(root, 'web/src/locales/en/errors.json'), join(dir, 'web/src/locales/en/errors.json'));
  return dir;
}
const run = (...args: string[]) => spawnSync('node', [codegen, '--root', dir, ...args], { encoding: 'utf8' });

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('codegen', { timeout: 180_000 }, () => {
  // The committed tree passing --check is `npm test`'s own step ("generated files up to date"); here, a tree
  // regenerated after a change passes it (below). Each full generation is 10–15 s on 2 cores: tests share copies.
  it('fails when code uses an error code absent from the catalogue', () => {
    copyRepo();
    writeFileSync(join(dir, 'server/src/x.ts'), "throw new AppError('ERR_FAKE_9999');\n");
    const r = run('--check');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('server/src/x.ts: ERR_FAKE_9999');
  });

  it('fails --check when the catalogue changed and the generated files did not', () => {
    copyRepo();
    const path = join(dir, 'openapi/errors/catalogue.yaml');
    writeFileSync(
      path,
      readFileSync(path, 'utf8') +
        '  - code: ERR_TEST_9999\n    status: 503\n    family: TEST\n    message: A code added for this test.\n    raisedBy: [client]\n',
    );
    const r = run('--check');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/stale[\s\S]*ErrorCode\.yaml[\s\S]*errors\.ts/);
    // Regenerating makes it pass again and adds the code to every output.
    execFileSync('node', [codegen, '--root', dir]);
    expect(run('--check').status).toBe(0);
    expect(readFileSync(join(dir, 'openapi/generated/errors.ts'), 'utf8')).toContain('ERR_TEST_9999');
    expect(readFileSync(join(dir, 'web/src/locales/en/errors.json'), 'utf8')).toContain('ERR_TEST_9999');
  });

  // Every `npm start` runs codegen: an unchanged contract must leave every generated file (and so the portal and
  // web builds that depend on them) untouched.
  const OUTPUTS = [
    'openapi/storefront/openapi.yaml',
    'openapi/storefront/components/schemas/ErrorCode.yaml',
    'openapi/generated/storefront.bundled.yaml',
    'openapi/generated/storefront.d.ts',
    'openapi/customer-service/openapi.yaml',
    'openapi/generated/customer-service.bundled.yaml',
    'openapi/generated/customer-service.d.ts',
    'openapi/generated/errors.ts',
    'openapi/errors/catalogue.md',
    'web/src/locales/en/errors.json',
  ];
  const mtimes = () => Object.fromEntries(OUTPUTS.map((p) => [p, statSync(join(dir, p)).mtimeMs]));
  const age = () => {
    const past = new Date(Date.now() - 3_600_000);
    for (const p of OUTPUTS) utimesSync(join(dir, p), past, past);
  };

  it('writes nothing when run again, even regenerating everything (--force); skips the work while the inputs and outputs are those of its last run; redoes what a changed input changes', () => {
    copyRepo();
    const first = run('--force');
    expect(first.status).toBe(0);
    age();
    const before = mtimes();
    const second = run('--force');
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).not.toContain('wrote ');
    expect(second.stdout).toContain('nothing written');
    expect(mtimes()).toEqual(before);
    // The last run's stamp matches: nothing is generated.
    const skipped = run();
    expect(skipped.stdout).toContain('inputs unchanged');
    // A changed input: only the outputs it changes are written.
    const tagFile = join(dir, 'openapi/storefront/root.yaml');
    writeFileSync(
      tagFile,
      readFileSync(tagFile, 'utf8').replace(
        'description: Health and readiness probes.',
        'description: Health and readiness probes (changed).',
      ),
    );
    age();
    const beforeChange = mtimes();
    const changed = run();
    expect(changed.status, changed.stderr).toBe(0);
    const written = [...changed.stdout.matchAll(/^wrote (.+)$/gm)].map((m) => m[1]).sort();
    expect(written).toEqual(['openapi/generated/storefront.bundled.yaml', 'openapi/storefront/openapi.yaml'].sort());
    const after = mtimes();
    for (const p of OUTPUTS) if (!written.includes(p)) expect(after[p], p).toBe(beforeChange[p]);
    // A generated file edited by hand is not "up to date": the next run puts it back.
    const types = join(dir, 'openapi/generated/errors.ts');
    writeFileSync(types, readFileSync(types, 'utf8') + '// edited\n');
    const restored = run();
    expect(restored.stdout).toContain('wrote openapi/generated/errors.ts');
    expect(readFileSync(types, 'utf8')).not.toContain('// edited');
  });
});
