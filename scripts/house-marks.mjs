#!/usr/bin/env node
// The houses' typographic identity, drawn from the storefront's own open fonts (OFL, from npm):
//
//   node scripts/house-marks.mjs            writes the files below
//   node scripts/house-marks.mjs --check    exits 1 when one of the text files is not what it would write
//
// - web/src/features/navigation/components/wordmark-paths.generated.ts and wordmark-boxes.generated.ts — each
//   house's wordmark as outlined SVG path data (the name set in the display face or the grotesk, kerned by the
//   font, tracked, converted to paths) and its box, so the header draws it in `currentColor` with no font to wait for;
// - web/src/styles/font-fallbacks.css — the local fallback faces with metric overrides (size-adjust,
//   ascent-override, descent-override, line-gap-override) that make Times New Roman / Liberation Serif and
//   Arial / Liberation Sans take the room of Bodoni Moda and Hanken Grotesk, so the swap moves nothing;
// - web/public/brand/<house>/favicon.svg, favicon-32.png, apple-touch-icon.png — the house's monogram on its tile.
//   The PNGs are rendered from the SVG by Chromium (/usr/bin/chromium, or CHROME_PATH), which the browser tests
//   already need; they are written only when the SVG changed (Chromium's anti-aliasing may differ by version).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import wawoff2 from 'wawoff2';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const files = (pkg) => join(root, 'node_modules/@fontsource-variable', pkg, 'files');
const FACES = {
  display: join(files('bodoni-moda'), 'bodoni-moda-latin-opsz-normal.woff2'),
  displayItalic: join(files('bodoni-moda'), 'bodoni-moda-latin-opsz-italic.woff2'),
  grotesk: join(files('hanken-grotesk'), 'hanken-grotesk-latin-wght-normal.woff2'),
};

/**
 * One typographic setting per house: never a copy of a house's logo, the name set in the storefront's faces.
 * `tracking` is in em, added between letters (not after the last); `size` is the design size in units of the
 * drawing (the wordmark's cap height is about 0.7 of it).
 */
const HOUSES = [
  // Saint Laurent: the didone's capitals opened wide — the couture reading. Optical size 36, not the display
  // cut: the wordmark is 11 to 17 pixels tall, where the finest hairlines would break up.
  {
    brand: 'ysl',
    text: 'SAINT LAURENT',
    face: 'display',
    axes: { opsz: 36, wght: 440 },
    tracking: 0.16,
    monogram: 'SL',
  },
  // Alexander McQueen: the didone's italic, upper and lower case — romantic and cut sharp.
  {
    brand: 'amq',
    text: 'Alexander McQueen',
    face: 'displayItalic',
    axes: { opsz: 36, wght: 440 },
    tracking: 0.01,
    monogram: 'AM',
  },
  // Bottega Veneta: the grotesk at a light weight, widely spaced: quiet, craft before name.
  { brand: 'bv', text: 'BOTTEGA VENETA', face: 'grotesk', axes: { wght: 300 }, tracking: 0.26, monogram: 'BV' },
  // Balenciaga: the grotesk bold and tight: architectural.
  { brand: 'bal', text: 'BALENCIAGA', face: 'grotesk', axes: { wght: 700 }, tracking: 0.02, monogram: 'B' },
];

// One at a time: the decompressor's WebAssembly instance is not re-entrant.
const ttf = new Map();
for (const [face, file] of Object.entries(FACES))
  ttf.set(face, Buffer.from(await wawoff2.decompress(readFileSync(file))));
const fonts = new Map();
const fontOf = (face, axes) => {
  const key = `${face}:${JSON.stringify(axes)}`;
  // fontkit cannot make an instance of a variable WOFF2 font: the file is unpacked to TrueType first.
  if (!fonts.has(key)) fonts.set(key, fontkit.create(ttf.get(face)).getVariation(axes));
  return fonts.get(key);
};

/** A number as short as it can be written at one decimal. */
const num = (n) => {
  const r = Math.round(n * 10) / 10;
  return (Object.is(r, -0) ? 0 : r).toString().replace(/^(-?)0\./, '$1.');
};

/** Outlines of `text` in font units scaled to `size`, y down; returns the path data and its ink box. */
function outline(text, face, axes, tracking, size) {
  const font = fontOf(face, axes);
  const scale = size / font.unitsPerEm;
  const run = font.layout(text);
  const commands = [];
  let x = 0;
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  run.glyphs.forEach((glyph, i) => {
    const pos = run.positions[i];
    const ox = x + pos.xOffset;
    for (const c of glyph.path.commands) {
      const pts = [];
      for (let k = 0; k < c.args.length; k += 2) {
        const px = (ox + c.args[k]) * scale;
        const py = -(pos.yOffset + c.args[k + 1]) * scale;
        pts.push([px, py]);
        minX = Math.min(minX, px);
        maxX = Math.max(maxX, px);
        minY = Math.min(minY, py);
        maxY = Math.max(maxY, py);
      }
      commands.push({ type: c.command, pts });
    }
    x += pos.xAdvance + (i < run.glyphs.length - 1 ? tracking * font.unitsPerEm : 0);
  });
  return { commands, box: { minX, minY, maxX, maxY } };
}

/** SVG path data of the commands, moved so the ink box starts at (0, 0); absolute commands, one decimal. */
function pathData(commands, dx, dy) {
  const letter = { moveTo: 'M', lineTo: 'L', quadraticCurveTo: 'Q', bezierCurveTo: 'C', closePath: 'Z' };
  let out = '';
  let last = '';
  for (const c of commands) {
    const l = letter[c.type];
    const args = c.pts.map(([px, py]) => `${num(px - dx)} ${num(py - dy)}`).join(' ');
    out += (l === last && l !== 'Z' ? ' ' : l) + args.replace(/ -/g, '-');
    last = l;
  }
  return out;
}

// ---------- Wordmarks ----------
const SIZE = 100;
const wordmarks = HOUSES.map((h) => {
  const { commands, box } = outline(h.text, h.face, h.axes, h.tracking, SIZE);
  const width = box.maxX - box.minX;
  const height = box.maxY - box.minY;
  return {
    brand: h.brand,
    text: h.text,
    viewBox: `0 0 ${num(width)} ${num(height)}`,
    d: pathData(commands, box.minX, box.minY),
  };
});

const header = (what) =>
  `// Generated by scripts/house-marks.mjs from the storefront's fonts: do not edit.\n// ${what}\n`;
// The header needs only each drawing's box (a few bytes of script); the outlines go into the page's HTML once,
// as a symbol the header's <use> draws (server/src/ssr/document.ts), so no page carries four houses' outlines.
const boxesTs = `${header("Each house's wordmark box: the header's <svg> draws the page's #house-wordmark symbol in it.")}
export const WORDMARK_BOXES: Readonly<Record<string, { text: string; viewBox: string }>> = {
${wordmarks.map((w) => `  ${w.brand}: { text: ${JSON.stringify(w.text)}, viewBox: '${w.viewBox}' },`).join('\n')}
};
`;
const pathsTs = `${header("Each house's wordmark outlined: its name set in Bodoni Moda or Hanken Grotesk (OFL), kerned and tracked.")}
export const WORDMARK_PATHS: Readonly<Record<string, string>> = {
${wordmarks.map((w) => `  ${w.brand}:\n    '${w.d}',`).join('\n')}
};
`;

// ---------- Fallback faces with metric overrides ----------
/** Average advance of lower-case text as set in running copy (letter frequencies of English), in em. */
function averageWidth(font) {
  const sample = 'the quick brown fox jumps over the lazy dog, and a fine leather bag is made in the workshop';
  const run = font.layout(sample);
  return run.positions.reduce((s, p) => s + p.xAdvance, 0) / font.unitsPerEm / sample.length;
}
const metricsOf = (font) => {
  const os2 = font['OS/2'];
  const typo = os2?.fsSelection?.useTypoMetrics;
  return {
    ascent: (typo ? os2.typoAscender : font.ascent) / font.unitsPerEm,
    descent: Math.abs(typo ? os2.typoDescender : font.descent) / font.unitsPerEm,
    lineGap: (typo ? os2.typoLineGap : font.lineGap) / font.unitsPerEm,
    width: averageWidth(font),
  };
};
const SYSTEM = '/usr/share/fonts/truetype/liberation';
// Liberation Serif and Sans have the metrics of Times New Roman and Arial: one set of overrides fits both.
const FALLBACKS = [
  {
    family: 'Bodoni Moda Fallback',
    web: fontOf('display', { opsz: 11, wght: 400 }),
    local: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'LiberationSerif'],
    file: join(SYSTEM, 'LiberationSerif-Regular.ttf'),
  },
  {
    family: 'Hanken Grotesk Fallback',
    web: fontOf('grotesk', { wght: 400 }),
    local: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans'],
    file: join(SYSTEM, 'LiberationSans-Regular.ttf'),
  },
];
const pct = (n) => `${(n * 100).toFixed(2)}%`;
let fallbackCss = `/* Generated by scripts/house-marks.mjs from the font files: do not edit.
 * Fallback faces whose metrics match the web fonts', used while those load (font-display: swap): the text takes
 * the same room before and after the swap, so nothing moves (CLS 0). Times New Roman and Arial are metric-compatible
 * with Liberation Serif and Sans, whose files the figures are measured on. */
`;
for (const f of FALLBACKS) {
  if (!existsSync(f.file)) throw new Error(`${f.file} is missing: apt-get install fonts-liberation`);
  const web = metricsOf(f.web);
  const local = metricsOf(fontkit.openSync(f.file));
  const sizeAdjust = web.width / local.width;
  fallbackCss += `@font-face {
  font-family: '${f.family}';
  src: ${f.local.map((n) => `local('${n}')`).join(', ')};
  size-adjust: ${pct(sizeAdjust)};
  ascent-override: ${pct(web.ascent / sizeAdjust)};
  descent-override: ${pct(web.descent / sizeAdjust)};
  line-gap-override: ${pct(web.lineGap / sizeAdjust)};
}
`;
}

// ---------- Favicons ----------
function monogramSvg(h) {
  // A heavier, lower-contrast cut than the wordmark's: a didone's hairlines vanish at 16 and 32 pixels.
  const { commands, box } = outline(h.monogram, 'display', { opsz: 28, wght: 620 }, 0.03, 100);
  const w = box.maxX - box.minX;
  const ht = box.maxY - box.minY;
  // The monogram fills 62 % of the tile's width or 44 % of its height, centred on its ink.
  const scale = Math.min((64 * 0.62) / w, (64 * 0.44) / ht);
  const dx = box.minX - (64 / scale - w) / 2;
  const dy = box.minY - (64 / scale - ht) / 2;
  const d = pathData(
    commands.map((c) => ({ ...c, pts: c.pts.map(([x, y]) => [(x - dx) * scale, (y - dy) * scale]) })),
    0,
    0,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0b0b0b"/><path fill="#f4f1ea" d="${d}"/></svg>\n`;
}

const outputs = [
  [join(root, 'web/src/features/navigation/components/wordmark-boxes.generated.ts'), boxesTs],
  [join(root, 'web/src/features/navigation/components/wordmark-paths.generated.ts'), pathsTs],
  [join(root, 'web/src/styles/font-fallbacks.css'), fallbackCss],
  ...HOUSES.map((h) => [join(root, `web/public/brand/${h.brand}/favicon.svg`), monogramSvg(h)]),
];

const stale = [];
const changedIcons = [];
for (const [file, text] of outputs) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
  if (current === text) continue;
  stale.push(file);
  if (check) continue;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  if (file.endsWith('favicon.svg')) changedIcons.push(dirname(file));
}
for (const h of HOUSES) {
  const dir = join(root, `web/public/brand/${h.brand}`);
  if (!existsSync(join(dir, 'favicon-32.png')) || !existsSync(join(dir, 'apple-touch-icon.png'))) {
    if (check) stale.push(join(dir, '*.png'));
    else if (!changedIcons.includes(dir)) changedIcons.push(dir);
  }
}
if (check) {
  if (stale.length) {
    console.error(`Out of date (run node scripts/house-marks.mjs):\n${stale.map((f) => `  ${f}`).join('\n')}`);
    process.exit(1);
  }
  console.log('house marks are up to date');
  process.exit(0);
}

if (changedIcons.length) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    for (const dir of changedIcons) {
      const svg = readFileSync(join(dir, 'favicon.svg'), 'utf8');
      for (const [name, px] of [
        ['favicon-32.png', 32],
        ['apple-touch-icon.png', 180],
      ]) {
        const page = await browser.newPage({ viewport: { width: px, height: px }, deviceScaleFactor: 1 });
        await page.setContent(
          `<!doctype html><style>html,body{margin:0}img{display:block;width:${px}px;height:${px}px}</style><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}">`,
        );
        await page.locator('img').evaluate((img) => img.decode());
        writeFileSync(join(dir, name), await page.screenshot({ type: 'png', omitBackground: true }));
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
}
console.log(
  stale.length || changedIcons.length
    ? `wrote ${[...stale, ...changedIcons.map((d) => `${d}/*.png`)].map((f) => f.replace(`${root}/`, '')).join(', ')}`
    : 'house marks are up to date',
);
