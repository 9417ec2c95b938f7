import { describe, expect, it } from 'vitest';
import { textLanguageOf } from './text-language.ts';
import { orderPageTitle } from '../modules/orders/page-texts.ts';
import { returnReasons } from '../modules/returns/index.ts';

describe('the language of the server text tables', () => {
  it('takes the language of a market locale; Taiwan, Hong Kong and Macau read Traditional Chinese', () => {
    expect(textLanguageOf('fr-fr')).toBe('fr');
    expect(textLanguageOf('fr-ca')).toBe('fr');
    expect(textLanguageOf('pt-br')).toBe('pt');
    expect(textLanguageOf('en-us')).toBe('en');
    for (const locale of ['zh-tw', 'zh-hk', 'zh-mo', 'ZH-TW', 'zh-hant'])
      expect(textLanguageOf(locale)).toBe('zh-hant');
    for (const locale of ['zh-cn', 'zh-sg', 'zh-jp']) expect(textLanguageOf(locale)).toBe('zh');
    // Written loosely (e-mail rows, headers): underscores, spaces, a script subtag before the region.
    expect(textLanguageOf(' fr_FR ')).toBe('fr');
    expect(textLanguageOf('zh-Hant-TW')).toBe('zh-hant');
    expect(textLanguageOf('zh_Hans_CN')).toBe('zh');
  });

  it('falls back to English for a language the storefront has no texts in', () => {
    expect(textLanguageOf('nl-nl')).toBe('en');
    expect(textLanguageOf('ar-ae')).toBe('en');
    expect(textLanguageOf('')).toBe('en');
  });

  it('picks the texts of a market locale the same way for the orders and the returns', () => {
    expect(orderPageTitle('zh-hk', 'trackOrder')).toBe('查詢訂單');
    expect(orderPageTitle('zh-cn', 'trackOrder')).toBe('查询订单');
    expect(orderPageTitle('nl-nl', 'trackOrder')).toBe('Track an order');
    expect(returnReasons('de-de').find((r) => r.id === 'size-too-small')?.label).toBe('Zu klein');
    expect(returnReasons('zh-tw').map((r) => r.label)).not.toEqual(returnReasons('zh-cn').map((r) => r.label));
  });
});
