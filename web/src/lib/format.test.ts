import { describe, expect, it } from 'vitest';
import { formatPrice, intlLocale } from './format';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatPrice', () => {
  it('formats EUR for fr-FR with two decimals', () => {
    expect(nbsp(formatPrice(2300, 'EUR', 'fr-fr'))).toBe('2 300,00 €');
  });
  it('formats USD for en-US and GBP for en-GB', () => {
    expect(formatPrice(1290, 'USD', 'en-us')).toBe('$1,290.00');
    expect(formatPrice(990.5, 'GBP', 'en-gb')).toBe('£990.50');
  });
  it('drops decimals of whole JPY and SAR amounts (spec §9) but keeps them otherwise', () => {
    expect(nbsp(formatPrice(190000, 'JPY', 'ja-jp'))).toMatch(/^[¥￥]190,000$/);
    expect(formatPrice(4500, 'SAR', 'en-sa')).not.toMatch(/\.00/);
    expect(formatPrice(4500.5, 'SAR', 'en-sa')).toMatch(/4,500\.50/);
  });
  it('maps placeholder locales to a language-only Intl locale', () => {
    expect(intlLocale('en-en')).toBe('en');
    expect(intlLocale('fr-ch')).toBe('fr-CH');
  });
});
