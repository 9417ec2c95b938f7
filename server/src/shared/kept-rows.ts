// Rows read from the database by product, kept in memory while the caller says nothing they show may have
// changed: the search's hit tiles (decision 0182), a listing's tiles (decision 0199) and a product page's rows
// (decision 0200) share it.

/**
 * Rows by key (the caller's: language, currency and pid), kept while `generation()` answers the same string they
 * were read under; all forgotten when it answers another; none used while it answers undefined. At most `max`,
 * the oldest forgotten first; with `maxAgeMs`, a row is read again once that long has passed since its read
 * started. A pid already being read under the same generation is not read twice: the second caller waits for
 * the first read (a burst of requests for one product makes one statement, however long the read waits).
 */
export class KeptRows<Row extends { pid: string }> {
  /**
   * Rows given from memory, read from the database, and given by a read another caller had started (for the
   * tests and the benchmarks).
   */
  readonly reads = { memory: 0, database: 0, joined: 0 };
  private readonly rows = new Map<string, { row: Row; at: number }>();
  private readonly reading = new Map<string, Promise<Row | undefined>>();
  private generationKept = '';

  constructor(
    private readonly max: number,
    private readonly maxAgeMs = Infinity,
  ) {}

  /** Forgets every row (a bust); reads under way are not joined any more. */
  forget(): void {
    this.rows.clear();
    this.reading.clear();
  }

  /**
   * The rows of `pids`, in that order (a pid `read` gives no row for is left out): from memory where kept, from
   * a read of the same pid under way, the others by one call of `read`. Rows read while the generation moved are
   * used for this answer, not kept: they may be older than the change that moved it.
   */
  async of(
    generation: () => string | undefined,
    prefix: string,
    pids: readonly string[],
    read: (pids: readonly string[]) => Promise<Row[]>,
  ): Promise<Row[]> {
    const now = generation();
    if (now === undefined) {
      this.reads.database += pids.length;
      return read(pids);
    }
    if (now !== this.generationKept) {
      this.forget();
      this.generationKept = now;
    }
    const started = performance.now();
    const found: (Row | Promise<Row | undefined> | undefined)[] = [];
    const missing: string[] = [];
    const missingAt: number[] = [];
    let waits = false;
    for (const pid of pids) {
      const key = prefix + pid;
      const kept = this.rows.get(key);
      if (kept && started - kept.at < this.maxAgeMs) {
        this.reads.memory++;
        found.push(kept.row);
        continue;
      }
      const underWay = this.reading.get(key);
      if (underWay) {
        this.reads.joined++;
        waits = true;
        found.push(underWay);
        continue;
      }
      missingAt.push(found.length);
      found.push(undefined);
      missing.push(pid);
    }
    if (missing.length) {
      waits = true;
      const reads = this.readMissing(generation, now, prefix, missing, started, read);
      reads.forEach((one, i) => (found[missingAt[i]!] = one));
    }
    const rows = waits ? await Promise.all(found) : found;
    return rows.filter((r): r is Row => r !== undefined);
  }

  /** One read of `missing`, its rows kept if the generation stood; a promise per pid, which later callers join. */
  private readMissing(
    generation: () => string | undefined,
    now: string,
    prefix: string,
    missing: readonly string[],
    started: number,
    read: (pids: readonly string[]) => Promise<Row[]>,
  ): Promise<Row | undefined>[] {
    this.reads.database += missing.length;
    const all = read(missing).then((fresh) => {
      if (generation() === now) {
        for (const row of fresh) {
          this.rows.delete(prefix + row.pid);
          if (this.rows.size >= this.max) this.rows.delete(this.rows.keys().next().value as string);
          this.rows.set(prefix + row.pid, { row, at: started });
        }
      }
      return new Map(fresh.map((r) => [r.pid, r]));
    });
    return missing.map((pid) => {
      const key = prefix + pid;
      const one = all.then((byPid) => byPid.get(pid));
      this.reading.set(key, one);
      const done = () => {
        if (this.reading.get(key) === one) this.reading.delete(key);
      };
      one.then(done, done);
      return one;
    });
  }
}

/** The most values kept beside one row (a row's language and currency, a version): beyond, they are made again. */
const MAX_MADE_PER_ROW = 8;

/**
 * Values made from a row and kept beside it (a listing's or a search's tile, and its JSON made once with
 * `shareJson`): while `KeptRows` gives the same row object, the same value is given again; a row read again, or
 * forgotten, takes its values with it (held weakly, by row). `key` names what else the value reads — the market's
 * language and currency, the category tree's version of a hit tile's categories — and a value is made again under
 * another key.
 */
export class MadeFromRows<Row extends object, Value> {
  private readonly made = new WeakMap<Row, Map<string, Value>>();

  of(row: Row, key: string, make: (row: Row) => Value): Value {
    let byKey = this.made.get(row);
    if (!byKey) this.made.set(row, (byKey = new Map()));
    let value = byKey.get(key);
    if (value === undefined) {
      if (byKey.size >= MAX_MADE_PER_ROW) byKey.clear();
      byKey.set(key, (value = make(row)));
    }
    return value;
  }
}
