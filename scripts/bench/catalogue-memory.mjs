// The memory runs of `npm run bench:catalogue -- --memory N,M` (scripts/bench-catalogue.mjs): one storefront
// instance's memory at each catalogue size, with the search prefix index of every language loaded.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HOST, log, measure, mib, root, stopChild, treeRssKiB } from '../bench-lib.mjs';
import { targetsFor } from './catalogue-targets.mjs';

/** One storefront instance's memory at each catalogue size, with the search prefix index of every language loaded. */
export async function memoryRuns(opts, database, startStorefront) {
  const locales = ['fr-fr', 'en-us', 'de-de', 'it-it', 'es-es', 'pt-br', 'ja-jp', 'ko-kr', 'zh-tw'];
  const out = [];
  for (const products of opts.memory) {
    const { store, port, env, startupSeconds } = await startStorefront(database, products);
    const base = `http://${HOST}:${port}`;
    await new Promise((r) => setTimeout(r, 2000));
    const ready = treeRssKiB(store.proc.pid).rss;
    // The first query of a language starts its index's load (answered by PostgreSQL meanwhile).
    for (const locale of locales)
      await fetch(`${base}/api/data/search?brand=ysl&locale=${locale}&q=a&pageSize=6&facets=false`).then((r) =>
        r.arrayBuffer(),
      );
    const loadStart = Date.now();
    for (let round = 0; round < 600; round++) {
      await new Promise((r) => setTimeout(r, 500));
      const answers = await Promise.all(
        locales.map((l) =>
          fetch(`${base}/api/data/search?brand=ysl&locale=${l}&q=s&pageSize=6&facets=false`).then((r) => r.status),
        ),
      );
      if (answers.some((s) => s !== 200)) throw new Error(`warm-up: ${answers}`);
      if (Date.now() - loadStart > 5000 + products / 4) break;
    }
    const auto = targetsFor(base).find((t) => t.name.startsWith('autocomplete'));
    const r = await measure(
      { ...auto, pipelining: 1 },
      { connections: 10, duration: opts.warmup || 2, warmup: 1, timeout: opts.timeout },
    );
    const warm = treeRssKiB(store.proc.pid);
    await stopChild(store);
    const sizes = await new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', join(root, 'scripts/bench-prefix-index.ts')],
        { cwd: root, env: { ...env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 2] },
      );
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.once('exit', (code) =>
        code === 0
          ? resolve(JSON.parse(text.trim().split('\n').pop()))
          : reject(new Error(`bench-prefix-index failed (${code})`)),
      );
    });
    out.push({
      products,
      startupSeconds,
      readyMiB: mib(ready),
      warmMiB: mib(warm.rss),
      peakMiB: mib(warm.peak),
      autocomplete: { reqPerSec: r.reqPerSec, p50: r.latencyMs.p50, p99: r.latencyMs.p99 },
      sizes,
    });
  }
  const fmt = (n, d = 0) =>
    n == null || Number.isNaN(n)
      ? '–'
      : n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
  const MiB = (b) => fmt(b / 1048576, 1);
  const lines = [
    `## Memory of one storefront instance (${new Date().toISOString()}, ${database})`,
    '',
    '| products | RSS ready MiB | RSS with the nine indexes, after warm-up MiB | peak MiB | indexes, heap MiB | indexes, estimate MiB | autocomplete c=10 p50 / p99 ms |',
    '|---:|---:|---:|---:|---:|---:|---|',
    ...out.map((o) => {
      const heap = o.sizes.languages.reduce((a, l) => a + l.heapBytes, 0);
      const est = o.sizes.languages.reduce((a, l) => a + l.estimateBytes, 0);
      return `| ${fmt(o.products)} | ${o.readyMiB} | ${o.warmMiB} | ${o.peakMiB} | ${MiB(heap)} | ${MiB(est)} | ${fmt(o.autocomplete.p50, 1)} / ${fmt(o.autocomplete.p99, 1)} |`;
    }),
    '',
    '| products | language | documents | lexemes | load ms | heap MiB | estimate MiB |',
    '|---:|---|---:|---:|---:|---:|---:|',
    ...out.flatMap((o) =>
      o.sizes.languages.map(
        (l) =>
          `| ${fmt(o.products)} | ${l.language} | ${fmt(l.documents)} | ${fmt(l.lexemes)} | ${fmt(l.loadMs)} | ${MiB(l.heapBytes)} | ${MiB(l.estimateBytes)} |`,
      ),
    ),
  ].join('\n');
  console.log(lines);
  const file = join(root, '.reports/bench-catalogue-memory.json');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify({ date: new Date().toISOString(), database, runs: out, markdown: lines }, null, 2) + '\n',
  );
  log(`wrote ${file}`);
}
