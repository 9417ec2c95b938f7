// The Lighthouse runs of `npm run bench:web` (scripts/bench-web.mjs): one headless Chromium per run, the metrics
// read from its report, their medians and the web targets they are checked against.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { children, startReaper } from '../bench-lib.mjs';

/** The web targets (issue #19): a performance score only for the pages a shopper lands on. */
export const TARGETS = { score: 95, scorePages: ['home', 'listing', 'product'], lcpMs: 2000, tbtMs: 100, cls: 0.02 };
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  // The machine may have no outside network: without these Chromium keeps trying to reach Google's services.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// ---------------------------------------------------------------- Lighthouse
/** The settings of a run, the same when its artifacts are audited again (Lighthouse refuses a change). */
export function auditSettings(target) {
  return {
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(target.cookie ? { extraHeaders: { Cookie: target.cookie } } : {}),
  };
}

let currentChrome;
process.on('exit', () => currentChrome?.kill());

/**
 * One Lighthouse run in a new Chromium. The run's artifacts (trace, network log) are kept in `gatherDir` for the
 * CPU-time audit (web-cpu-time.mjs); the caller removes them.
 */
export async function lighthouseRun(url, target, tempDir, n) {
  const userDataDir = join(tempDir, `chromium-${n}`);
  const gatherDir = join(tempDir, `gathered-${n}`);
  mkdirSync(userDataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [...CHROME_FLAGS],
    userDataDir,
    handleSIGINT: false, // bench-lib handles the signals; the 'exit' hook above stops Chromium
    logLevel: 'silent',
  });
  currentChrome = chrome;
  const exited = new Promise((r) => chrome.process.once('exit', r));
  children.push({
    name: 'chromium',
    proc: chrome.process,
    exited,
    alive: () => chrome.process.exitCode === null && chrome.process.signalCode === null,
  });
  startReaper(); // the reaper also stops this Chromium if the bench dies
  let timer;
  try {
    const result = await Promise.race([
      lighthouse(url, { ...auditSettings(target), port: chrome.port, gatherMode: gatherDir, auditMode: gatherDir }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('Lighthouse did not finish within 3 minutes')), 180_000);
      }),
    ]);
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    return { lhr, gatherDir };
  } finally {
    clearTimeout(timer);
    currentChrome = undefined;
    chrome.kill();
    await Promise.race([exited, sleep(5000)]);
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

const num = (lhr, id) => {
  const v = lhr.audits[id]?.numericValue;
  return Number.isFinite(v) ? v : null;
};
/** Transferred bytes of the page's scripts (the network-requests audit; resource-summary as a fallback). */
function scriptBytes(lhr) {
  const items = lhr.audits['network-requests']?.details?.items;
  if (Array.isArray(items))
    return items.filter((r) => r.resourceType === 'Script').reduce((s, r) => s + (r.transferSize ?? 0), 0);
  return lhr.audits['resource-summary']?.details?.items?.find((r) => r.resourceType === 'script')?.transferSize ?? null;
}
export function metrics(lhr) {
  const score = lhr.categories.performance?.score;
  return {
    score: Number.isFinite(score) ? Math.round(score * 100) : null,
    fcpMs: num(lhr, 'first-contentful-paint'),
    lcpMs: num(lhr, 'largest-contentful-paint'),
    tbtMs: num(lhr, 'total-blocking-time'),
    cls: num(lhr, 'cumulative-layout-shift'),
    speedIndexMs: num(lhr, 'speed-index'),
    ttiMs: num(lhr, 'interactive'),
    serverResponseMs: num(lhr, 'server-response-time'),
    jsBytes: scriptBytes(lhr),
    totalBytes: num(lhr, 'total-byte-weight'),
    // Lighthouse's own measure of the machine's speed at that moment, and the load of the machine.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    loadAverage: lhr.loadAverage1m ?? null,
    // The same run audited with the main thread's tasks at their CPU time (web-cpu-time.mjs): a diagnostic.
    cpuTimeTbtMs: lhr.cpuTime?.tbtMs ?? null,
    cpuTimeScore: lhr.cpuTime?.score ?? null,
    mainThreadWallMs: lhr.cpuTime?.mainThreadWallMs ?? null,
    mainThreadCpuMs: lhr.cpuTime?.mainThreadCpuMs ?? null,
  };
}
export function median(values) {
  const v = values.filter((x) => x != null && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}
export function checkTargets(page, m) {
  const missed = [];
  if (TARGETS.scorePages.includes(page) && !(m.score >= TARGETS.score))
    missed.push(`score ${m.score ?? '–'} < ${TARGETS.score}`);
  if (!(m.lcpMs <= TARGETS.lcpMs))
    missed.push(`LCP ${m.lcpMs == null ? '–' : (m.lcpMs / 1000).toFixed(2)} s > ${TARGETS.lcpMs / 1000} s`);
  if (!(m.tbtMs <= TARGETS.tbtMs))
    missed.push(`TBT ${m.tbtMs == null ? '–' : Math.round(m.tbtMs)} ms > ${TARGETS.tbtMs} ms`);
  if (!(m.cls <= TARGETS.cls)) missed.push(`CLS ${m.cls == null ? '–' : m.cls.toFixed(3)} > ${TARGETS.cls}`);
  return missed;
}
