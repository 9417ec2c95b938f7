// The build's "did the inputs change" test is a content hash, not file times; the portal page it writes loads
// nothing from another host.
import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inputsHash, isUpToDate, recordInputs, stampOf } from './build-cache.mjs';
import { offline } from './portal.mjs';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'build-cache-'));
  mkdirSync(join(dir, 'src/nested'), { recursive: true });
  writeFileSync(join(dir, 'src/a.ts'), 'export const a = 1;\n');
  writeFileSync(join(dir, 'src/nested/b.ts'), 'export const b = 2;\n');
  writeFileSync(join(dir, 'src/a.test.ts'), 'test\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const hash = (extra: unknown[] = []) =>
  inputsHash(dir, { paths: ['src', 'missing.json'], exclude: /\.test\.ts$/, extra: extra as never[] });

describe('inputs hash', () => {
  it('ignores file times: a touched file with the same content is the same input', () => {
    const before = hash();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(dir, 'src/a.ts'), later, later);
    writeFileSync(join(dir, 'src/nested/b.ts'), 'export const b = 2;\n');
    expect(hash()).toBe(before);
  });

  it('changes with a file’s content, a new file, a renamed file, and the extra values', () => {
    const before = hash();
    writeFileSync(join(dir, 'src/a.ts'), 'export const a = 2;\n');
    const edited = hash();
    expect(edited).not.toBe(before);
    writeFileSync(join(dir, 'src/c.ts'), '');
    const added = hash();
    expect(added).not.toBe(edited);
    expect(hash(['vite@9'])).not.toBe(added);
    rmSync(join(dir, 'src/c.ts'));
    writeFileSync(join(dir, 'src/d.ts'), '');
    expect(hash()).not.toBe(added);
  });

  it('leaves excluded files out (tests do not rebuild the app)', () => {
    const before = hash();
    writeFileSync(join(dir, 'src/a.test.ts'), 'another test\n');
    expect(hash()).toBe(before);
  });

  it('is recorded next to the output and compared with it', () => {
    const output = join(dir, 'out/page.html');
    const stamp = stampOf(output);
    expect(stamp).toBe(`${output}.inputs-hash`);
    expect(stampOf(join(dir, 'dist'), true)).toBe(join(dir, 'dist/.inputs-hash'));
    expect(isUpToDate(output, stamp, hash())).toBe(false);
    recordInputs(stamp, hash());
    expect(isUpToDate(output, stamp, hash())).toBe(false); // no output yet
    writeFileSync(output, '<html></html>');
    expect(isUpToDate(output, stamp, hash())).toBe(true);
    writeFileSync(join(dir, 'src/a.ts'), 'changed');
    expect(isUpToDate(output, stamp, hash())).toBe(false);
  });
});

describe('the portal page', () => {
  const page = (options: string, body = '') =>
    `<html><head></head><body><div id="redoc">${body}</div><script type="module">
    var x = e ? \`https://cdn.redoc.ly/redoc/logo-mini-full.svg\` : \`https://cdn.redoc.ly/redoc/logo-mini.svg\`;
    const __redoc_options = ${options};
    </script></body></html>`;

  it('gets Redoc’s logo inline instead of from cdn.redoc.ly', () => {
    const html = offline(page('{"skipBundle":true,"disableTelemetry":true}'));
    expect(html).not.toContain('cdn.redoc.ly');
    expect(html).toMatch(/`data:image\/svg\+xml,%3Csvg[^`]*Redocly[^`]*`/);
  });

  it('is refused when telemetry is on, or when something still comes from another host', () => {
    expect(() => offline(page('{"skipBundle":true,"disableTelemetry":false}'))).toThrow(/telemetry/);
    expect(() =>
      offline(page('{"disableTelemetry":true}', '<img src="https://cdn.redoc.ly/redoc/other.svg">')),
    ).toThrow(/cdn\.redoc\.ly/);
    expect(() =>
      offline(page('{"disableTelemetry":true}', '<script src="https://example.com/x.js"></script>')),
    ).toThrow(/another host/);
  });
});
