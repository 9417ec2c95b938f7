// No source file over 400 lines (after Prettier, at 120 columns): a longer file holds more than one use case or
// concern and is split into files that say what they hold (docs/how-to/lint.md). Tests and generated files are
// left out. The files still over are listed below as known debt, which may only shrink: a listed file that is
// no longer over, or no longer exists, fails the test too, so the list is taken off as the files are split.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const MAX_LINES = 400;

/** Where the source files are, from the repository's root. */
const ROOTS = ['server/src', 'web/src', 'reference', 'openapi/src', 'mocks', 'scripts'];
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
/** Test code, as the dependency rules name it (.dependency-cruiser.cjs), and the folders of test helpers. */
const TEST_CODE = [
  /\.(test|spec)\.tsx?$/,
  /(^|\/|\.)test-support\.ts$/,
  /\/testing\.ts$/,
  /\/testing\//,
  /\/test-app\.ts$/,
  /^server\/src\/test\//,
];
/** Written by a script (`npm run codegen`, the house marks), never by hand. */
const GENERATED = [/\.generated\.ts$/, /\/generated\//];
const SKIPPED_FOLDERS = /(^|\/)(node_modules|dist)(\/|$)/;

/**
 * Known debt: the files still over the limit, each to be split by use case. Take a file off when it is split;
 * never add one. Empty since the last reference tables and scripts were split; the list and its check stay, so
 * that the test keeps its shape should a file ever have to be listed again.
 */
const KNOWN_DEBT: readonly string[] = [];

/** Whether a path (from the root, with `/`) is a source file the limit applies to. */
function isCheckedSource(path: string): boolean {
  return (
    SOURCE.test(path) &&
    !SKIPPED_FOLDERS.test(path) &&
    !TEST_CODE.some((r) => r.test(path)) &&
    !GENERATED.some((r) => r.test(path))
  );
}

/** Lines of a text as `wc -l` and an editor count them: a last line without a line break still counts. */
function lineCount(text: string): number {
  if (text === '') return 0;
  const breaks = text.split('\n').length - 1;
  return text.endsWith('\n') ? breaks : breaks + 1;
}

/** The checked source files under the roots, from the repository's root, with `/`. */
function sourceFiles(): string[] {
  return ROOTS.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .map((p) => `${dir}/${p.split(sep).join('/')}`)
      .filter((p) => isCheckedSource(p) && statSync(join(root, p)).isFile()),
  ).sort();
}

describe(`source files of at most ${MAX_LINES} lines`, () => {
  it('leaves out tests and generated files, and counts lines as wc does', () => {
    expect(isCheckedSource('server/src/modules/mail/templates.ts')).toBe(true);
    expect(isCheckedSource('web/src/features/checkout/components/checkout-page.tsx')).toBe(true);
    expect(isCheckedSource('scripts/build.mjs')).toBe(true);
    expect(isCheckedSource('server/src/modules/mail/templates.test.ts')).toBe(false);
    expect(isCheckedSource('web/src/features/checkout/components/checkout-forms.test.tsx')).toBe(false);
    expect(isCheckedSource('server/src/modules/registration/test-app.ts')).toBe(false);
    expect(isCheckedSource('web/src/lib/testing/memory-storage.ts')).toBe(false);
    expect(isCheckedSource('openapi/src/generated/storefront.ts')).toBe(false);
    expect(isCheckedSource('web/src/features/navigation/components/wordmark-paths.generated.ts')).toBe(false);
    expect(isCheckedSource('web/src/features/checkout/components/checkout.css')).toBe(false);
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
  });

  it(`no file outside the known debt is over ${MAX_LINES} lines, and every file of the debt still is`, () => {
    const files = sourceFiles();
    const lines = new Map(files.map((f) => [f, lineCount(readFileSync(join(root, f), 'utf8'))]));
    const over = files.filter((f) => lines.get(f)! > MAX_LINES);
    // A new long file: split it by use case (docs/how-to/lint.md), do not list it.
    expect(
      over.filter((f) => !KNOWN_DEBT.includes(f)).map((f) => `${f}: ${lines.get(f)} lines`),
      `files over ${MAX_LINES} lines`,
    ).toEqual([]);
    // A listed file that was split (or removed): take it off the list.
    expect(
      KNOWN_DEBT.filter((f) => !over.includes(f)).map((f) => `${f}: ${lines.get(f) ?? 'no such file'}`),
      'known debt no longer over the limit',
    ).toEqual([]);
  });
});
