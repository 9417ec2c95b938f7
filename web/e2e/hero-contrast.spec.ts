import { test, expect, type CDPSession, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { answerCookieBanner } from './helpers';
import {
  CONTENT_LANGUAGES,
  contentLanguageOf,
  pages as contentPages,
  type ContentLanguage,
  type PageFixture,
} from '../../fixtures/content/index';
import { countries, DEFAULT_LOCALE } from '../../reference/markets/index';

// Text printed over editorial art must stay readable (WCAG 1.4.3: 4.5:1, 3:1 for large text) on every hero and
// spotlight of the seeded content, in every content language, on a phone and on a desktop.
//
// Method, for each block: its text box is screenshotted twice, text shown and text hidden (visibility: hidden on
// the texts only, so the scrim the block paints behind them stays). The hidden shot is the background. For each
// text element the pixels under its line boxes (Range client rects) are read, the text colour is taken from its
// computed style (alpha composited over each pixel), and the contrast ratio is computed per pixel; the element's
// figure is the 5th percentile — the worst 5 % of the background, not one stray dark pixel of an antialiased edge.
// The shown shot proves the text is really drawn where the boxes say (pixels change there).
// One page load per page × viewport × language; only the text boxes are captured.

const BRAND = process.env.BRAND ?? 'ysl';
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** Blocks that print text over an image. */
const BLOCKS = '[data-cms-hero], .cms-spotlight';
const TEXT_BOX = '.cms-hero__text, .cms-spotlight__text';

/** Seeded pages that open with (or hold) text over art, for this house. */
const heroPages = contentPages.filter(
  (p) =>
    (!p.brands || p.brands.includes(BRAND as never)) &&
    p.components.some((c) => c.type === 'hero' || c.type === 'spotlight'),
);

/** The URL of a page in a market: campaigns are `/marketing?cid={id}`. */
function pathOf(page: PageFixture, locale: string): string {
  const url = page.pageUrl.startsWith('/marketing') ? `/marketing?cid=${page.globalPageId}` : page.pageUrl;
  return `/${locale}${url === '/' ? '/' : url}`;
}

/**
 * A market of each content language that publishes the page: `xx-xx` when there is one (fr-fr, ja-jp …), the
 * default locale for English, otherwise the first locale of that language on a site of ours (not an external one).
 */
function localeFor(language: ContentLanguage, page: PageFixture): string | undefined {
  const candidates = countries
    .filter((c) => !c.urlOverride && (!page.countries || page.countries.includes(c.country)))
    .flatMap((c) => c.locales)
    .filter((l) => contentLanguageOf(l) === language);
  const preferred = language === 'en' ? DEFAULT_LOCALE : `${language}-${language}`;
  return candidates.includes(preferred) ? preferred : candidates[0];
}

interface TextProbe {
  label: string;
  color: [number, number, number, number];
  large: boolean;
  /** Line boxes, relative to the text box, in CSS pixels. */
  rects: { x: number; y: number; width: number; height: number }[];
}

const channel = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const luminance = (r: number, g: number, b: number) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * A screenshot of an element's box, straight from Chromium (DevTools protocol, `optimizeForSpeed`): three times
 * quicker than the runner's own, which matters with two shots per block over a hundred page loads.
 */
async function shoot(cdp: CDPSession, box: Locator): Promise<Buffer> {
  const clip = await box.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return {
      x: Math.round(r.left + window.scrollX),
      y: Math.round(r.top + window.scrollY),
      width: Math.round(r.width),
      height: Math.round(r.height),
      scale: 1,
    };
  });
  // Two frames, so the style just changed is on screen.
  await box.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const { data } = await cdp.send('Page.captureScreenshot', { format: 'png', clip, optimizeForSpeed: true });
  return Buffer.from(data, 'base64');
}

async function raw(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** What each text element of a text box says about itself: colour, size, line boxes. */
async function probes(box: Locator): Promise<TextProbe[]> {
  return box.evaluate((root) => {
    const origin = root.getBoundingClientRect();
    const out: TextProbe[] = [];
    for (const el of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
      const texts = Array.from(el.childNodes).filter(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '',
      );
      if (texts.length === 0) continue;
      const style = getComputedStyle(el);
      const m = style.color.match(/[\d.]+/g)!.map(Number);
      let opacity = 1;
      for (let e: HTMLElement | null = el; e && e !== root.parentElement; e = e.parentElement)
        opacity *= Number(getComputedStyle(e).opacity);
      const size = parseFloat(style.fontSize);
      const weight = Number(style.fontWeight);
      const rects: TextProbe['rects'] = [];
      for (const t of texts) {
        const range = document.createRange();
        range.selectNodeContents(t);
        for (const r of Array.from(range.getClientRects())) {
          if (r.width < 1 || r.height < 1) continue;
          rects.push({ x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height });
        }
      }
      out.push({
        label: `${el.tagName.toLowerCase()}.${el.className || '-'} “${el.textContent!.trim().slice(0, 40)}”`,
        color: [m[0]!, m[1]!, m[2]!, (m[3] ?? 1) * opacity],
        large: size >= 24 || (size >= 18.66 && weight >= 700),
        rects,
      });
    }
    return out;
  });
}

/** The block's image has arrived (lazy spotlights load when scrolled to) and the fonts are set. */
async function settle(page: Page, block: Locator) {
  await block.scrollIntoViewIfNeeded();
  await block.locator('img').evaluate(async (img: HTMLImageElement) => {
    if (!img.complete || img.naturalWidth === 0)
      await new Promise((resolve) => img.addEventListener('load', resolve, { once: true }));
    await img.decode().catch(() => undefined);
  });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Contrast of every text of one block: `[label, worst-5 % ratio, required]`. */
async function measureBlock(
  page: Page,
  cdp: CDPSession,
  block: Locator,
): Promise<{ label: string; ratio: number; required: number; drawn: number }[]> {
  await settle(page, block);
  const box = block.locator(TEXT_BOX).first();
  // The text box in the middle of the screen (a full-screen hero's text lies below the fold on a phone; only what
  // is on screen is painted), the header that would float over it out of the way.
  // `instant`: the site scrolls smoothly, and a shot taken mid-scroll would catch an unpainted region.
  await box.evaluate(async (el) => {
    el.scrollIntoView({ block: 'center', behavior: 'instant' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const set = (selector: string, hidden: boolean) =>
    box.evaluate(
      (root, [selector, hidden]) => {
        // Inline style (CSSOM), which the Content-Security-Policy allows, unlike an injected style sheet.
        const els =
          selector === ':texts'
            ? root.querySelectorAll<HTMLElement>('*')
            : document.querySelectorAll<HTMLElement>(selector as string);
        for (const el of Array.from(els)) {
          if (hidden) el.style.setProperty('visibility', 'hidden', 'important');
          else el.style.removeProperty('visibility');
        }
      },
      [selector, hidden] as const,
    );
  await set('header', true);
  const texts = await probes(box);
  const shown = await raw(await shoot(cdp, box));
  await set(':texts', true);
  const hidden = await raw(await shoot(cdp, box));
  await set(':texts', false);
  await set('header', false);
  const results = [];
  for (const t of texts) {
    const [tr, tg, tb, ta] = t.color;
    const ratios: number[] = [];
    let drawn = 0;
    for (const r of t.rects) {
      const x0 = Math.max(0, Math.floor(r.x));
      const y0 = Math.max(0, Math.floor(r.y));
      const x1 = Math.min(hidden.width, Math.ceil(r.x + r.width));
      const y1 = Math.min(hidden.height, Math.ceil(r.y + r.height));
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = (y * hidden.width + x) * 4;
          const [br, bg, bb] = [hidden.data[i]!, hidden.data[i + 1]!, hidden.data[i + 2]!];
          if (
            Math.abs(shown.data[i]! - br) + Math.abs(shown.data[i + 1]! - bg) + Math.abs(shown.data[i + 2]! - bb) >
            24
          )
            drawn++;
          const fg = luminance(tr * ta + br * (1 - ta), tg * ta + bg * (1 - ta), tb * ta + bb * (1 - ta));
          ratios.push(ratio(fg, luminance(br, bg, bb)));
        }
      }
    }
    ratios.sort((a, b) => a - b);
    const worst = ratios[Math.floor(ratios.length * 0.05)] ?? 0;
    results.push({ label: t.label, ratio: Math.round(worst * 100) / 100, required: t.large ? 3 : 4.5, drawn });
  }
  return results;
}

// The failure message names every text and its ratio; a trace of a hundred page loads would only slow the run.
test.use({ trace: 'off' });
test.beforeEach(({ context, baseURL }) => answerCookieBanner(context, baseURL));

test('the seeded content has pages with heroes to measure', () => {
  expect(heroPages.map((p) => p.globalPageId)).toContain('home');
  expect(heroPages.length).toBeGreaterThanOrEqual(3);
});

for (const viewport of VIEWPORTS) {
  test.describe(`hero text contrast, ${viewport.name} ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    for (const language of CONTENT_LANGUAGES) {
      test(`${language}: every hero and spotlight text reads against its art`, async ({ page }) => {
        test.setTimeout(90_000);
        const failures: string[] = [];
        let measured = 0;
        // Product pictures further down the pages play no part: not loading them keeps the run short.
        await page.route(/\/media\/(products|categories)\//, (route) => route.abort());
        const cdp = await page.context().newCDPSession(page);
        for (const fixture of heroPages) {
          const locale = localeFor(language, fixture);
          if (!locale) continue;
          const path = pathOf(fixture, locale);
          const res = await page.goto(path, { waitUntil: 'domcontentloaded' });
          expect(res?.status(), path).toBe(200);
          // Measured once React has taken the page over, so no node is replaced under the probe.
          await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
          const blocks = page.locator(BLOCKS);
          const count = await blocks.count();
          expect(count, `${path}: hero or spotlight rendered`).toBeGreaterThan(0);
          for (let i = 0; i < count; i++) {
            for (const r of await measureBlock(page, cdp, blocks.nth(i))) {
              measured++;
              if (r.drawn === 0) failures.push(`${path} block ${i + 1} ${r.label}: no text drawn in its boxes`);
              if (r.ratio < r.required)
                failures.push(`${path} block ${i + 1} ${r.label}: ${r.ratio}:1 < ${r.required}:1`);
            }
          }
        }
        expect(measured, 'texts measured').toBeGreaterThan(0);
        expect(failures).toEqual([]);
      });
    }
  });
}
