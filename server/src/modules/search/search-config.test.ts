import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { createApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { loadConfig } from '../../shared/config.ts';
import { createLogger } from '../../shared/logger.ts';
import { snapshotPath, TEST_BRAND, testDatabaseKind } from '../../test/settings.ts';
import { indexName, planQuery } from './query.ts';

/** The real app with SEARCH_MIN_CHARS set, its log lines captured. */
async function appWith(minChars: string) {
  const database =
    testDatabaseKind() === 'postgres'
      ? await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 4 })
      : await openDatabase({ pgliteDir: 'memory://', pgliteSnapshot: new Blob([readFileSync(snapshotPath())]) });
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    BRAND: TEST_BRAND,
    CACHE_TTL_SECONDS: '0',
    SEARCH_MIN_CHARS: minChars,
  });
  const { app } = await createApp({ config, database, logger: createLogger('warn', sink), pages: false });
  return { app, lines, close: () => database.close() };
}

describe('search minimum (spec §5, §8)', () => {
  it('is 1 by default, and a bad value falls back to 1 with ERR_ALG_2000', () => {
    expect(loadConfig({}).searchMinChars).toBe(1);
    expect(loadConfig({}).warnings).toEqual([]);
    expect(loadConfig({ SEARCH_MIN_CHARS: '3' })).toMatchObject({ searchMinChars: 3, warnings: [] });
    for (const bad of ['abc', '0', '-2', '1.5', '99']) {
      const c = loadConfig({ SEARCH_MIN_CHARS: bad });
      expect(c.searchMinChars, bad).toBe(1);
      expect(c.warnings.map((w) => w.code)).toEqual(['ERR_ALG_2000']);
    }
  });

  it('logs ERR_ALG_2000 at start and serves one-character queries', async () => {
    const t = await appWith('lots');
    try {
      expect(t.lines.some((l) => l.code === 'ERR_ALG_2000')).toBe(true);
      const res = await request(t.app)
        .get(`/api/data/search?brand=${TEST_BRAND}&locale=en-us&q=s&pageSize=3`)
        .expect(200);
      expect(res.body.products.length).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it('refuses queries shorter than a configured minimum with ERR_SEARCH_API_1000', async () => {
    const t = await appWith('3');
    try {
      expect(t.lines.some((l) => l.code === 'ERR_ALG_2000')).toBe(false);
      const short = await request(t.app).get(
        `/api/data/search?brand=${TEST_BRAND}&locale=en-us&q=${encodeURIComponent(' sa ')}`,
      );
      expect(short.status, JSON.stringify(t.lines.slice(-2))).toBe(400);
      expect(short.body.code).toBe('ERR_SEARCH_API_1000');
      await request(t.app).get(`/api/data/search?brand=${TEST_BRAND}&locale=en-us&q=sac`).expect(200);
    } finally {
      await t.close();
    }
  });
});

describe('index name (spec §7)', () => {
  it('is products_ + country + index region (+ suffix) + sort, lower-cased', () => {
    expect(indexName('FR', 'eu', 'recommended')).toBe('products_fr_eu');
    expect(indexName('JP', 'asia', 'price_desc')).toBe('products_jp_asia_price_desc');
    expect(indexName('US', 'us', 'newest', 'RD')).toBe('products_us_us_rd_newest');
  });
});

describe('query plan', () => {
  it('matches words as prefixes, safely inside to_tsquery', () => {
    expect(planQuery('  Sac  de JOUR ')).toMatchObject({
      text: 'sac de jour',
      prefixQuery: 'sac:* & de:* & jour:*',
      substrings: [],
    });
    expect(planQuery("d'agneau & !x | (y:*)").prefixQuery).toBe('d:* & agneau:* & x:* & y:*');
    expect(planQuery('%_\\').prefixQuery).toBe('');
  });

  it('matches Japanese, Korean and Chinese as substrings through their character grams', () => {
    expect(planQuery('シ')).toMatchObject({ substrings: ['シ'], grams: ['シ'] });
    expect(planQuery('ショルダー')).toMatchObject({
      substrings: ['ショルダー'],
      grams: ['ショ', 'ョル', 'ルダ', 'ダー'],
    });
    expect(planQuery('숄더백').grams).toEqual(['숄더', '더백']);
  });
});
