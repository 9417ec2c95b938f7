import { describe, expect, it } from 'vitest';
import { toCpuTime } from './bench/web-cpu-time.mjs';

// The CPU-time audit of `npm run bench:web` shortens the page's main-thread tasks to the CPU time their thread used
// and scales the events inside them; nothing outside a task, on another thread or in the next task moves.
type Ev = {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: object;
};
const main = { pid: 1, tid: 10 };
const other = { pid: 1, tid: 11 };
// Another renderer process (a spare one): its main thread is busier than the page's, and not the page's.
const spare = { pid: 2, tid: 20 };
const browser = { pid: 9, tid: 90 };
const frame = 'F1';
function trace(): Ev[] {
  const meta = (at: { pid: number; tid: number }, name: string): Ev => ({
    name: 'thread_name',
    cat: '__metadata',
    ph: 'M',
    ...at,
    ts: 0,
    args: { name },
  });
  const spareTask = (ts: number): Ev => ({ name: 'RunTask', ph: 'X', ...spare, ts, dur: 20_000, tdur: 2_000 });
  return [
    meta(main, 'CrRendererMain'),
    meta(other, 'Compositor'),
    meta(spare, 'CrRendererMain'),
    // How Lighthouse finds the page's renderer: the main frame, and the process it committed in.
    {
      name: 'TracingStartedInBrowser',
      cat: 'disabled-by-default-devtools.timeline',
      ph: 'I',
      ...browser,
      ts: 900_000,
      args: { data: { frames: [{ frame, processId: spare.pid, url: 'about:blank' }] } },
    },
    {
      name: 'FrameCommittedInBrowser',
      cat: 'disabled-by-default-devtools.timeline',
      ph: 'I',
      ...browser,
      ts: 950_000,
      args: { data: { frame, processId: main.pid, url: 'http://127.0.0.1/' } },
    },
    ...[0, 1, 2, 3, 4, 5, 6, 7].map((n) => spareTask(1_100_000 + n * 30_000)),
    // 40 ms observed, 10 ms of CPU: a layout 20 ms in, 16 ms long; a mark at its end.
    { name: 'RunTask', ph: 'X', ...main, ts: 1_000_000, dur: 40_000, tdur: 10_000 },
    { name: 'Layout', ph: 'X', ...main, ts: 1_020_000, dur: 16_000, tdur: 4_000 },
    { name: 'firstContentfulPaint', ph: 'I', ...main, ts: 1_036_000 },
    // The next task starts where the first ended; it ran without waiting.
    { name: 'RunTask', ph: 'X', ...main, ts: 1_040_000, dur: 8_000, tdur: 8_000 },
    { name: 'FunctionCall', ph: 'X', ...main, ts: 1_041_000, dur: 6_000, tdur: 6_000 },
    // Another thread's task at the same time is not the page's main thread.
    { name: 'RunTask', ph: 'X', ...other, ts: 1_000_000, dur: 30_000, tdur: 1_000 },
  ];
}
const find = (events: Ev[], name: string, tid = main.tid) => events.find((e) => e.name === name && e.tid === tid)!;

describe('bench:web CPU-time audit', () => {
  it('shortens a main-thread task to its CPU time and scales the events inside it', () => {
    const events = trace();
    const out = toCpuTime(events);
    const [first, second] = events.filter((e) => e.name === 'RunTask' && e.tid === main.tid);
    expect(first).toMatchObject({ ts: 1_000_000, dur: 10_000 });
    expect(find(events, 'Layout')).toMatchObject({ ts: 1_005_000, dur: 4_000 });
    expect(find(events, 'firstContentfulPaint').ts).toBe(1_009_000);
    // Untouched: the task that did not wait, its call, and the other thread.
    expect(second).toMatchObject({ ts: 1_040_000, dur: 8_000 });
    expect(find(events, 'FunctionCall')).toMatchObject({ ts: 1_041_000, dur: 6_000 });
    expect(find(events, 'RunTask', other.tid)).toMatchObject({ ts: 1_000_000, dur: 30_000 });
    // The spare renderer is busier, but the main frame never committed in it: its tasks are left as they were.
    expect(events.filter((e) => e.pid === spare.pid && e.name === 'RunTask').map((e) => e.dur)).toEqual(
      Array(8).fill(20_000),
    );
    expect(out).toEqual({ wallMs: 48, cpuMs: 18, shortened: 1 });
  });

  it('keeps an inner event inside its shortened task', () => {
    const events = trace();
    const layout = find(events, 'Layout');
    layout.dur = 24_000; // past its task's end (a malformed trace): clamped to the shortened task
    toCpuTime(events);
    expect(layout.ts + layout.dur!).toBeLessThanOrEqual(1_010_000);
  });

  it('refuses a trace without the renderer main thread', () => {
    expect(() => toCpuTime(trace().filter((e) => e.tid !== main.tid))).toThrow(/CrRendererMain/);
  });

  it('refuses a trace that does not say which frame is the page', () => {
    expect(() => toCpuTime(trace().filter((e) => !e.name.endsWith('InBrowser')))).toThrow(/main frame/);
  });
});
