import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled-once.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('a read compiled once', () => {
  it('sends the same text with each call’s own values, one text per shape', async () => {
    const db = t.database.db;
    const pids = (await db.selectFrom('products').select('pid').orderBy('pid').limit(2).execute()).map((r) => r.pid);
    let builds = 0;
    const read = compiledOnce<{ pid: string }>()((d, arg, shape) => {
      builds++;
      const q = d.selectFrom('products').select(['pid', 'brand']).where('pid', '=', arg('pid'));
      return shape === 'not employee-only' ? q.where('is_employee_only', '=', false) : q;
    });
    for (const pid of [...pids, ...pids]) expect((await read.rows(db, { pid })).map((r) => r.pid)).toEqual([pid]);
    expect(await read.rows(db, { pid: 'NO SUCH PID' })).toEqual([]);
    expect(builds).toBe(1);
    expect((await read.rows(db, { pid: pids[0] as string }, 'not employee-only')).length).toBeLessThanOrEqual(1);
    expect(builds).toBe(2);
  });

  it('refuses a text whose argument is not given', async () => {
    const read = compiledOnce<{ pid: string; brand: string }>()((d, arg) =>
      d.selectFrom('products').select('pid').where('pid', '=', arg('pid')).where('brand', '=', arg('brand')),
    );
    await expect(read.rows(t.database.db, { pid: 'X' } as never)).rejects.toThrow(/no argument brand/);
  });
});
