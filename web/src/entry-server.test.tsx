// The server render picks the strings' language from the market locale and honours ?pseudo=1.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { render } from './entry-server';
import type { PageData } from './app/storefront';
import { formatDay } from './lib/format';
import { SHOP_DAY } from './lib/shop-day';

const example = (name: string) =>
  (
    YAML.parse(
      readFileSync(join(import.meta.dirname, '../../openapi/storefront/components/examples', `${name}.yaml`), 'utf8'),
    ) as { value: PageData }
  ).value;

/** The not-found page data of the contract's examples, moved to another market locale. */
function notFoundIn(locale: string): PageData {
  const data = structuredClone(example('get-not-found-page-data-en-us'));
  return { ...data, market: { ...data.market, locale, language: locale.slice(0, 2) as never } } as PageData;
}

describe('render (entry-server)', () => {
  it('inlines and renders Traditional Chinese for zh-tw and zh-hk, Simplified for zh-cn', async () => {
    for (const locale of ['zh-tw', 'zh-hk']) {
      const { appHtml, bootstrap } = await render({
        url: `/${locale}/404`,
        data: notFoundIn(locale),
        brandName: 'Saint Laurent',
      });
      expect(bootstrap.language).toBe('zh-hant');
      // The page's language only: English, the fallback, loads in the browser once the page is shown.
      expect(Object.keys(bootstrap.resources)).toEqual(['zh-hant']);
      expect(appHtml).toContain('找不到此頁面');
      expect(bootstrap.namespaces).toEqual(expect.arrayContaining(['common', 'errors']));
    }
    const { appHtml, bootstrap } = await render({
      url: '/zh-cn/404',
      data: notFoundIn('zh-cn'),
      brandName: 'Saint Laurent',
    });
    expect(bootstrap.language).toBe('zh');
    expect(appHtml).toContain('无法找到此页面');
  });

  it('carries the one day format of the page’s locale, which writes every day as Intl does', async () => {
    const { bootstrap } = await render({ url: '/ja-jp/404', data: notFoundIn('ja-jp'), brandName: 'Saint Laurent' });
    expect(Object.keys(bootstrap.shopDays ?? {})).toEqual(['ja-jp']);
    const template = bootstrap.shopDays!['ja-jp']!;
    expect(template.weekdays).toEqual(['日', '月', '火', '水', '木', '金', '土']);
    // Written with the template alone (as the browser does) and through Intl, the same text.
    const day = '2026-12-02';
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const written = template.day
      .replace('{month}', template.months[m - 1]!)
      .replace('{day}', String(d))
      .replace('{weekday}', template.weekdays[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!);
    expect(written).toBe(formatDay(day, 'ja-jp', SHOP_DAY));
  });

  it('renders the pseudo-locale with ?pseudo=1 and tells the client, and not without it', async () => {
    const pseudo = await render({ url: '/fr-fr/404?pseudo=1', data: notFoundIn('fr-fr'), brandName: 'Saint Laurent' });
    expect(pseudo.bootstrap.pseudo).toBe(true);
    expect(pseudo.appHtml).toContain('⟦');
    const plain = await render({ url: '/fr-fr/404', data: notFoundIn('fr-fr'), brandName: 'Saint Laurent' });
    expect(plain.bootstrap.pseudo).toBe(false);
    expect(plain.appHtml).not.toContain('⟦');
  });

  it('inlines only the namespaces the render read, in the page language: fewer than the release has', async () => {
    const { bootstrap } = await render({ url: '/fr-fr/404', data: notFoundIn('fr-fr'), brandName: 'Saint Laurent' });
    const inlined = Object.keys(bootstrap.resources.fr ?? {});
    // The shell's namespaces always (the cookie banner renders in the browser), and what the render read.
    expect(inlined).toEqual(expect.arrayContaining(['common', 'consent', 'market']));
    expect(inlined.length).toBeLessThan(bootstrap.namespaces.length);
    // Whatever it inlines is the whole namespace of that language, as the locale file has it.
    const common = JSON.parse(readFileSync(join(import.meta.dirname, 'locales/fr/common.json'), 'utf8')) as unknown;
    expect(bootstrap.resources.fr?.common).toEqual(common);
    // A namespace no component of this page reads is left out (checkout strings on a not-found page).
    expect(inlined).not.toContain('checkout');
    expect(inlined).not.toContain('returns');
  });
});
