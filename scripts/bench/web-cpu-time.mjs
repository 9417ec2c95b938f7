// What of a Lighthouse run's blocking time is the page's own work (scripts/bench-web.mjs). Lighthouse's simulation
// slows each main-thread task of the trace 4× by its observed (wall) length. On a machine whose cores are shared
// (2 cores for Chromium's processes, Lighthouse and the server) a task's wall time also holds the time its thread
// waited for a core: measured on the 2-core machines, the renderer's main thread waits about as long as it runs.
// The trace also records each task's thread CPU time (`tdur`), so the same run can be audited again with every
// main-thread task shortened to the CPU time its thread used, its events scaled inside it: what Lighthouse would
// read if the page's thread had a core to itself whenever it ran. A lower bound and a diagnostic, not the target's
// measure (a phone shares its cores too): the targets are read on Lighthouse's own figures.
import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

const TOP_LEVEL = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/**
 * The page's main thread as Lighthouse finds it: the `CrRendererMain` thread of each renderer process the main
 * frame committed in (more than one when the navigation changed process), with the key events Lighthouse's own
 * `processTrace` reads to find it. Another renderer in the trace (Chromium's own UI pages, a spare one) can be
 * busier: guessing by event count once audited the wrong thread.
 */
function mainThreads(events) {
  const keyEvents = TraceProcessor.filteredTraceSort(
    events,
    (e) =>
      e.cat === '__metadata' ||
      e.cat?.includes('loading') ||
      e.cat?.includes('devtools.timeline') ||
      e.cat?.includes('blink.user_timing'),
  );
  let pidToTid;
  try {
    pidToTid = TraceProcessor.findMainFramePidTids(TraceProcessor.findMainFrameIds(keyEvents), keyEvents);
  } catch (error) {
    throw new Error(`no CrRendererMain thread of the main frame in the trace (${error.message})`);
  }
  return new Set([...pidToTid].map(([pid, tid]) => `${pid}:${tid}`));
}

/** Shortens one thread's top-level tasks (its events sorted by start) to their CPU time, in place. */
function shortenThread(byStart, totals) {
  let i = 0;
  let lastEnd = -Infinity; // a task nested in another (a nested run loop) is scaled with it
  const tasks = byStart.filter((e) => e.ph === 'X' && TOP_LEVEL.has(e.name));
  for (const task of tasks) {
    if (!(task.dur > 0) || task.ts < lastEnd) continue;
    lastEnd = task.ts + task.dur;
    totals.wallMs += task.dur / 1000;
    totals.cpuMs += Math.min(task.tdur ?? task.dur, task.dur) / 1000;
    if (!(task.tdur >= 0) || task.tdur >= task.dur) continue;
    const k = task.tdur / task.dur;
    const start = task.ts;
    const end = task.ts + task.dur;
    const newEnd = start + task.tdur;
    while (i < byStart.length && byStart[i].ts < start) i++;
    for (let j = i; j < byStart.length && byStart[j].ts < end; j++) {
      const e = byStart[j];
      if (e === task) continue;
      e.ts = start + (e.ts - start) * k;
      if (typeof e.dur === 'number') e.dur = Math.max(0, Math.min(e.dur * k, newEnd - e.ts));
    }
    task.dur = task.tdur;
    totals.shortened++;
  }
}

/**
 * Shortens the page's main-thread tasks to their CPU time, in place: each event inside a task keeps its start's
 * share of the task and its length's share, and ends inside the shortened task. Returns the main thread's wall and
 * CPU time over all its tasks (ms), and how many tasks were shortened.
 */
export function toCpuTime(events) {
  const totals = { wallMs: 0, cpuMs: 0, shortened: 0 };
  for (const key of mainThreads(events)) {
    const onThread = events.filter((e) => `${e.pid}:${e.tid}` === key && typeof e.ts === 'number');
    shortenThread(
      onThread.sort((a, b) => a.ts - b.ts),
      totals,
    );
  }
  return totals;
}

/**
 * Audits a gathered run again (its artifacts in `gatherDir`, as Lighthouse's `gatherMode` writes them) with the
 * main thread's tasks at their CPU time. Returns the blocking time and score Lighthouse reads from it, and the
 * main thread's wall and CPU time as gathered.
 */
export async function cpuTimeAudit(gatherDir, workDir, settings) {
  rmSync(workDir, { recursive: true, force: true });
  cpSync(gatherDir, workDir, { recursive: true });
  try {
    const name = readdirSync(workDir).find((f) => f.endsWith('.trace.json'));
    if (!name) throw new Error(`no trace in ${gatherDir}`);
    const file = `${workDir}/${name}`;
    const trace = JSON.parse(readFileSync(file, 'utf8'));
    const thread = toCpuTime(trace.traceEvents ?? trace);
    writeFileSync(file, JSON.stringify(trace));
    const result = await lighthouse(undefined, { ...settings, auditMode: workDir });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(lhr?.runtimeError?.message ?? 'Lighthouse returned no result');
    const score = lhr.categories.performance?.score;
    return {
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? null,
      score: Number.isFinite(score) ? Math.round(score * 100) : null,
      mainThreadWallMs: Math.round(thread.wallMs),
      mainThreadCpuMs: Math.round(thread.cpuMs),
    };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
