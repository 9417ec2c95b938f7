import { describe, expect, it } from 'vitest';
import { toCpuTime } from './bench/web-cpu-time.mjs';

// The CPU-time audit of `npm run bench:web` shortens the page's main-thread tasks to the CPU time their thread used
// and scales the events inside them; nothing outside a task, on another thread or in the next task moves.
type Ev = {
  name: string;
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
function trace(): Ev[] {
  return [
    { name: 'thread_name', ph: 'M', ...main, ts: 0, args: { name: 'CrRendererMain' } },
    { name: 'thread_name', ph: 'M', ...other, ts: 0, args: { name: 'Compositor' } },
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
});
