// The photographs of `npm run screenshots` (scripts/screenshots.mjs): each page at a phone's and a desktop's size,
// and the index page that shows them as a grid.
import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { log, root } from '../bench-lib.mjs';
import { NO_PAGE_OF_ITS_OWN } from '../screenshot-pages.mjs';

export const OUT = join(root, '.reports/screenshots');
export const SIZES = [
  { name: '390', width: 390, height: 844, phone: true },
  { name: '1440', width: 1440, height: 900, phone: false },
];

export async function photograph(browser, base, storageState, c, pages, shots) {
  for (const size of SIZES) {
    const context = await browser.newContext({
      baseURL: base,
      locale: c.locale === 'ja-jp' ? 'ja-JP' : 'fr-FR',
      viewport: { width: size.width, height: size.height },
      ...(size.phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
      storageState,
    });
    // Returning visitors: the cookie banner already answered (it is shown on the home page's first visit).
    await context.addCookies([
      { name: 'OptanonAlertBoxClosed', value: new Date().toISOString(), url: base },
      { name: 'OptanonConsent', value: 'groups=C0001%3A1%2CC0002%3A0%2CC0003%3A0%2CC0004%3A0', url: base },
    ]);
    const tab = await context.newPage();
    const errors = [];
    tab.on('pageerror', (e) => errors.push(e.message.split('\n')[0]));
    for (const page of pages) {
      // Signing out ends the client's session: photograph it at the last size only.
      if (page.type === 'logout' && size !== SIZES.at(-1)) continue;
      const path = page.path(c);
      const file = join(OUT, c.locale, size.name, `${page.type}.png`);
      mkdirSync(join(OUT, c.locale, size.name), { recursive: true });
      errors.length = 0;
      let status = null;
      try {
        const res = await tab.goto(path, { waitUntil: 'networkidle', timeout: 60_000 });
        status = res?.status() ?? null;
        await tab.evaluate(() => document.fonts?.ready);
        // Lazy pictures below the fold: scroll to the end and back so the full-page shot holds them.
        await tab.evaluate(async () => {
          for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 60));
          }
          window.scrollTo(0, 0);
        });
        await tab.waitForLoadState('networkidle');
        await tab.screenshot({ path: file, fullPage: true, animations: 'disabled' });
        const rendered = await tab.evaluate(
          () => JSON.parse(document.getElementById('sf-bootstrap')?.textContent ?? '{}').pageType ?? null,
        );
        shots.push({
          type: page.type,
          locale: c.locale,
          size: size.name,
          path,
          file,
          status,
          rendered,
          errors: [...errors],
        });
        log(
          `${c.locale} ${size.name.padStart(4)} ${String(status).padEnd(3)} ${page.type}${rendered && rendered !== page.type ? ` (rendered ${rendered})` : ''}`,
        );
      } catch (err) {
        shots.push({
          type: page.type,
          locale: c.locale,
          size: size.name,
          path,
          file: null,
          status,
          rendered: null,
          errors: [String(err.message).split('\n')[0]],
        });
        log(`${c.locale} ${size.name} ${page.type}: ${String(err.message).split('\n')[0]}`);
      }
    }
    await context.close();
  }
}

const esc = (s) =>
  String(s).replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]);

export function indexPage(shots, locales, started) {
  const types = [...new Set(shots.map((s) => s.type))];
  const columns = locales.flatMap((locale) => SIZES.map((size) => ({ locale, size: size.name })));
  const cell = (type, col) => {
    const s = shots.find((x) => x.type === type && x.locale === col.locale && x.size === col.size);
    if (!s) return '<td class="none">—</td>';
    const notes = [
      s.status && s.status !== 200 ? `HTTP ${s.status}` : '',
      s.rendered && s.rendered !== type ? `rendered ${s.rendered}` : '',
      ...s.errors,
    ].filter(Boolean);
    const img = s.file
      ? `<a href="${esc(relative(OUT, s.file))}"><img src="${esc(relative(OUT, s.file))}" alt="${esc(`${type}, ${col.locale}, ${col.size} px`)}" loading="lazy"></a>`
      : '<span class="failed">not taken</span>';
    return `<td>${img}<div class="path">${esc(s.path)}</div>${notes.length ? `<div class="note">${notes.map(esc).join('<br>')}</div>` : ''}</td>`;
  };
  const skipped = Object.entries(NO_PAGE_OF_ITS_OWN)
    .map(([type, why]) => `<li><code>${esc(type)}</code>: ${esc(why)}</li>`)
    .join('');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Storefront screenshots</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:24px;color:#111}
table{border-collapse:collapse}
th,td{border:1px solid #ddd;padding:8px;vertical-align:top;text-align:left}
thead th{position:sticky;top:0;background:#fff;z-index:1}
th[scope=row]{font-family:ui-monospace,monospace;white-space:nowrap}
img{display:block;width:220px;height:auto;max-height:640px;object-fit:cover;object-position:top;border:1px solid #eee}
td:nth-child(even) img{width:120px}
.path{font-family:ui-monospace,monospace;font-size:11px;color:#555;max-width:220px;word-break:break-all}
.note{color:#a00;font-size:12px;max-width:220px}
.none,.failed{color:#a00}
</style>
</head>
<body>
<h1>Storefront screenshots</h1>
<p>${shots.filter((s) => s.file).length} full-page screenshots of ${types.length} page types, taken ${esc(started.toISOString())}. Phones are emulated at 390×844 (touch, device pixel ratio 2), desktops at 1440×900. Select a picture to open it at full size.</p>
${skipped ? `<p>Not photographed:</p><ul>${skipped}</ul>` : ''}
<table>
<thead><tr><th scope="col">page type</th>${columns.map((c) => `<th scope="col">${esc(c.locale)} · ${esc(c.size)} px</th>`).join('')}</tr></thead>
<tbody>
${types.map((type) => `<tr><th scope="row">${esc(type)}</th>${columns.map((c) => cell(type, c)).join('')}</tr>`).join('\n')}
</tbody>
</table>
</body>
</html>
`;
}
