import type { Logger } from 'pino';
import type { DB } from '../../db/database.ts';
import { writeWatchOf } from '../../db/write-watch.ts';
import { PhotoRepository } from './repository.ts';
import type { PhotoRecord } from './photos.ts';

/**
 * The product views that have a photo, in memory: the catalogue builds its tiles and product pages without a
 * query of its own. Loaded at start; every `checkMs` (15 s) a one-row query asks whether the table changed
 * (an import by `npm run media:import` against the same database) and reloads it if so. The few kilobytes a
 * photographed product costs (its placeholder) bound the size; a catalogue without photos holds nothing.
 */
export class PhotoIndex {
  private byView = new Map<string, PhotoRecord>();
  private version = '';
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | null = null;
  private readonly repo: PhotoRepository;

  constructor(
    private readonly db: DB,
    private readonly logger?: Pick<Logger, 'warn'>,
    private readonly checkMs = 15_000,
  ) {
    this.repo = new PhotoRepository(db);
  }

  get size(): number {
    return this.byView.size;
  }

  /** The photo of a product view, if it has one. */
  get(pid: string, view: number): PhotoRecord | undefined {
    return this.byView.size === 0 ? undefined : this.byView.get(`${pid}:${view}`);
  }

  /** Reads the table again when it changed since the last read. */
  async refresh(): Promise<void> {
    const version = await this.repo.version();
    if (version === this.version) return;
    const rows = await this.repo.all();
    this.byView = new Map(rows.map((r) => [`${r.pid}:${r.view}`, r]));
    // A change after the first read: what the catalogue's answers showed (tiles) may be outdated, as after a
    // catalogue write (the answers kept while the catalogue stands end: decision 0198).
    if (this.version !== '') writeWatchOf(this.db)?.changed();
    this.version = version;
  }

  /** Loads the index, then checks for changes every `checkMs` until `stop()`. */
  async start(): Promise<void> {
    await this.refresh();
    if (this.checkMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.checking) return;
      this.checking = this.refresh()
        .catch((err: unknown) =>
          this.logger?.warn({ err }, 'product photos: reading the index failed (tried again later)'),
        )
        .finally(() => {
          this.checking = null;
        });
    }, this.checkMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.checking;
  }
}
