// Rows read from the database by product (tiles), kept in memory while the caller says nothing they show may have
// changed: the search's hit tiles (decision 0182) and a listing's tiles (decision 0199) share it.

/**
 * Rows by key (the caller's: language, currency and pid), kept while `generation()` answers the same string they
 * were read under; all forgotten when it answers another; none used while it answers undefined. At most `max`,
 * the oldest forgotten first.
 */
export class KeptRows<Row extends { pid: string }> {
  /** Rows given from memory and read from the database (for the tests and the benchmarks). */
  readonly reads = { memory: 0, database: 0 };
  private readonly rows = new Map<string, Row>();
  private generationKept = '';

  constructor(private readonly max: number) {}

  /** Forgets every row (a bust). */
  forget(): void {
    this.rows.clear();
  }

  /**
   * The rows of `pids`, in that order (a pid `read` gives no row for is left out): from memory where kept, the
   * others by one call of `read`. Rows read while the generation moved are used for this answer, not kept: they
   * may be older than the change that moved it.
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
      this.rows.clear();
      this.generationKept = now;
    }
    const missing = pids.filter((pid) => !this.rows.has(prefix + pid));
    this.reads.memory += pids.length - missing.length;
    this.reads.database += missing.length;
    const fresh = missing.length ? await read(missing) : [];
    if (generation() === now) {
      for (const row of fresh) {
        if (this.rows.size >= this.max) this.rows.delete(this.rows.keys().next().value as string);
        this.rows.set(prefix + row.pid, row);
      }
    }
    const byPid = new Map(fresh.map((r) => [r.pid, r]));
    return pids.flatMap((pid) => {
      const row = byPid.get(pid) ?? this.rows.get(prefix + pid);
      return row ? [row] : [];
    });
  }
}
