import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const codegen = join(root, 'scripts/codegen.mjs');
let dir: string;

function copyRepo(): string {
  dir = mkdtempSync(join(tmpdir(), 'codegen-test-'));
  cpSync(join(root, 'openapi'), join(dir, 'openapi'), { recursive: true, filter: (p) => !p.includes('node_modules') && !p.endsWith('/dist') });
  cpSync(join(root, 'redocly.yaml'), join(dir, 'redocly.yaml'));
  mkdirSync(join(dir, 'server/src'), { recursive: true });
  mkdirSync(join(dir, 'web/src/locales/en'), { recursive: true });
  cpSync(join(root, 'web/src/locales/en/errors.json'), join(dir, 'web/src/locales/en/errors.json'));
  return dir;
}
const run = (...args: string[]) => spawnSync('node', [codegen, '--root', dir, ...args], { encoding: 'utf8' });

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('codegen', { timeout: 60_000 }, () => {
  it('passes --check on the committed tree', () => {
    copyRepo();
    const r = run('--check');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

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
    writeFileSync(path, readFileSync(path, 'utf8') + '  - code: ERR_TEST_9999\n    status: 503\n    family: TEST\n    message: A code added for this test.\n    raisedBy: [client]\n');
    const r = run('--check');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/stale[\s\S]*ErrorCode\.yaml[\s\S]*errors\.ts/);
    // Regenerating makes it pass again and adds the code to every output.
    execFileSync('node', [codegen, '--root', dir]);
    expect(run('--check').status).toBe(0);
    expect(readFileSync(join(dir, 'openapi/generated/errors.ts'), 'utf8')).toContain('ERR_TEST_9999');
    expect(readFileSync(join(dir, 'web/src/locales/en/errors.json'), 'utf8')).toContain('ERR_TEST_9999');
  });
});
