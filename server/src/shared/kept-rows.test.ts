// Rows kept in memory while their generation stands (the search's and the listings' tiles).
import { describe, expect, it } from 'vitest';
import { KeptRows, MadeFromRows } from './kept-rows.ts';

interface Row {
  pid: string;
  v: number;
}

/** A database stand-in: counts the pids it is asked for; `v` is the version a row is read at. */
function source() {
  const asked: string[][] = [];
  let v = 1;
  return {
    asked,
    bump: () => v++,
    read: async (pids: readonly string[]) => {
      asked.push([...pids]);
      return pids.filter((p) => p !== 'none').map((pid) => ({ pid, v }));
    },
  };
}

describe('KeptRows', () => {
  it('reads only what it does not hold, in the order asked, and leaves out a pid without a row', async () => {
    const kept = new KeptRows<Row>(10);
    const db = source();
    const gen = () => 'g1';
    expect(await kept.of(gen, 'fr|', ['a', 'b'], db.read)).toEqual([
      { pid: 'a', v: 1 },
      { pid: 'b', v: 1 },
    ]);
    expect((await kept.of(gen, 'fr|', ['c', 'b', 'none', 'a'], db.read)).map((r) => r.pid)).toEqual(['c', 'b', 'a']);
    expect(db.asked).toEqual([
      ['a', 'b'],
      ['c', 'none'],
    ]);
    expect(kept.reads).toEqual({ memory: 2, database: 4, joined: 0 });
    // Another prefix (language, currency) is another row.
    await kept.of(gen, 'en|', ['a'], db.read);
    expect(db.asked.at(-1)).toEqual(['a']);
  });

  it('forgets everything when the generation moves, reads everything while it is undefined, and on a bust', async () => {
    const kept = new KeptRows<Row>(10);
    const db = source();
    let g: string | undefined = 'g1';
    await kept.of(() => g, '', ['a'], db.read);
    db.bump();
    g = 'g2';
    expect(await kept.of(() => g, '', ['a'], db.read)).toEqual([{ pid: 'a', v: 2 }]);
    g = undefined;
    await kept.of(() => g, '', ['a'], db.read);
    await kept.of(() => g, '', ['a'], db.read);
    expect(db.asked).toEqual([['a'], ['a'], ['a'], ['a']]);
    g = 'g2';
    await kept.of(() => g, '', ['a'], db.read); // still held from the g2 read
    kept.forget();
    await kept.of(() => g, '', ['a'], db.read);
    expect(db.asked).toHaveLength(5);
  });

  it('does not keep rows read while the generation moved, and holds at most its bound', async () => {
    const kept = new KeptRows<Row>(2);
    const db = source();
    let g = 'g1';
    const moving = async (pids: readonly string[]) => {
      const rows = await db.read(pids);
      g = 'g2';
      return rows;
    };
    expect(await kept.of(() => g, '', ['a'], moving)).toEqual([{ pid: 'a', v: 1 }]);
    await kept.of(() => g, '', ['a'], db.read);
    expect(db.asked).toEqual([['a'], ['a']]);
    await kept.of(() => g, '', ['b', 'c'], db.read);
    await kept.of(() => g, '', ['a', 'c'], db.read); // `a`, the oldest, was forgotten for `c`
    expect(db.asked.at(-1)).toEqual(['a']);
  });

  it('a pid being read is not read again under the same generation: the second caller waits for the first read', async () => {
    const kept = new KeptRows<Row>(10);
    const db = source();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = async (pids: readonly string[]) => {
      await gate;
      return db.read(pids);
    };
    const first = kept.of(() => 'g1', '', ['a', 'b'], slow);
    const second = kept.of(() => 'g1', '', ['c', 'b', 'a'], db.read);
    release();
    expect(await first).toEqual([
      { pid: 'a', v: 1 },
      { pid: 'b', v: 1 },
    ]);
    expect((await second).map((r) => r.pid)).toEqual(['c', 'b', 'a']);
    expect(db.asked).toEqual([['c'], ['a', 'b']]);
    expect(kept.reads).toEqual({ memory: 0, database: 3, joined: 2 });
    // Under another generation (or after a bust) a read under way is not joined.
    let hold!: () => void;
    const held = new Promise<void>((r) => (hold = r));
    const third = kept.of(
      () => 'g2',
      '',
      ['a'],
      async (p) => (await held, db.read(p)),
    );
    kept.forget();
    await kept.of(() => 'g2', '', ['a'], db.read);
    hold();
    await third;
    expect(db.asked.slice(2)).toEqual([['a'], ['a']]);
  });

  it('with a maximum age, reads a row again once that long has passed since its read started', async () => {
    const kept = new KeptRows<Row>(10, 30);
    const db = source();
    await kept.of(() => 'g1', '', ['a'], db.read);
    await kept.of(() => 'g1', '', ['a'], db.read);
    expect(db.asked).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 40));
    db.bump();
    expect(await kept.of(() => 'g1', '', ['a'], db.read)).toEqual([{ pid: 'a', v: 2 }]);
    expect(db.asked).toHaveLength(2);
  });
});

describe('MadeFromRows', () => {
  it('makes a value once per row object and key, again for a row read again or another key', async () => {
    const made = new MadeFromRows<Row, { pid: string; key: string; n: number }>();
    let n = 0;
    const make = (key: string) => (row: Row) => ({ pid: row.pid, key, n: ++n });
    const kept = new KeptRows<Row>(10);
    const db = source();
    let gen = 'g1';
    const [a1] = await kept.of(() => gen, 'fr|', ['a'], db.read);
    const first = made.of(a1!, 'fr|EUR', make('fr|EUR'));
    const [a2] = await kept.of(() => gen, 'fr|', ['a'], db.read);
    // The kept row: the same value, not made again.
    expect(made.of(a2!, 'fr|EUR', make('fr|EUR'))).toBe(first);
    // Another key (a version of what else it reads): made again.
    expect(made.of(a2!, 'fr|EUR|2', make('fr|EUR|2'))).toMatchObject({ key: 'fr|EUR|2', n: 2 });
    // The catalogue moved: the row is read again, a new object, and its value is made again.
    gen = 'g2';
    db.bump();
    const [a3] = await kept.of(() => gen, 'fr|', ['a'], db.read);
    expect(a3).not.toBe(a2);
    expect(made.of(a3!, 'fr|EUR', make('fr|EUR'))).toMatchObject({ key: 'fr|EUR', n: 3 });
  });

  it('keeps a bounded number of values beside one row', () => {
    const made = new MadeFromRows<Row, number>();
    const row = { pid: 'a', v: 1 };
    let n = 0;
    for (let k = 0; k < 8; k++) made.of(row, `k${k}`, () => ++n);
    expect(made.of(row, 'k0', () => ++n)).toBe(1);
    // A ninth key empties the row's values: the first is made again.
    made.of(row, 'k8', () => ++n);
    expect(made.of(row, 'k0', () => ++n)).toBe(10);
  });
});
