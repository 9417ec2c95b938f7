// A bundled contract is parsed from its YAML once per text: later loads read the JSON kept by a hash of it.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { BUNDLED_CONTRACT_PATH, basePathOf, loadContract } from './contract.ts';

const CACHE = join(import.meta.dirname, '../../../node_modules/.cache/contracts');
const cached = (name: string) =>
  existsSync(CACHE) ? readdirSync(CACHE).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.json')) : [];
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'contract-'));
});
afterEach(() => {
  for (const f of cached('contract-cache-test')) rmSync(join(CACHE, f));
  rmSync(dir, { recursive: true, force: true });
});

describe('loadContract', () => {
  it('parses a new text once, keeps its JSON, and forgets the previous version', () => {
    const path = join(dir, 'contract-cache-test.yaml');
    writeFileSync(path, 'openapi: 3.1.0\ninfo: { title: A, version: "1" }\npaths: {}\n');
    const first = loadContract(path);
    expect(first).toEqual({ openapi: '3.1.0', info: { title: 'A', version: '1' }, paths: {} });
    expect(cached('contract-cache-test')).toHaveLength(1);
    expect(loadContract(path)).toEqual(first);
    writeFileSync(path, 'openapi: 3.1.0\ninfo: { title: B, version: "2" }\npaths: {}\n');
    expect(loadContract(path).info).toEqual({ title: 'B', version: '2' });
    expect(cached('contract-cache-test')).toHaveLength(1);
  });

  it('gives the bundled contract exactly as its YAML says', () => {
    expect(loadContract(BUNDLED_CONTRACT_PATH)).toEqual(YAML.parse(readFileSync(BUNDLED_CONTRACT_PATH, 'utf8')));
  });
});

describe('basePathOf', () => {
  it('is the path of the first server, its variables at their defaults', () => {
    expect(basePathOf({ servers: [{ url: '/' }] })).toBe('');
    expect(basePathOf({ servers: [{ url: '/customer-service/v1/' }] })).toBe('/customer-service/v1');
    expect(
      basePathOf({
        servers: [
          {
            url: '{scheme}://{host}/v2',
            variables: { scheme: { default: 'https' }, host: { default: 'shop.example' } },
          },
        ],
      }),
    ).toBe('/v2');
    expect(
      basePathOf({
        servers: [
          { url: '{scheme}://{host}', variables: { scheme: { default: 'http' }, host: { default: 'localhost:3000' } } },
        ],
      }),
    ).toBe('');
  });
});
