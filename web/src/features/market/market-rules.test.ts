import { describe, expect, it } from 'vitest';
import {
  countryDisplayName,
  languageEndonym,
  localeCountry,
  marketTarget,
  shouldOpenWrongMarketDrawer,
  stripLocalePrefix,
  switchLocaleUrl,
} from './market-rules';

describe('shouldOpenWrongMarketDrawer (spec §4)', () => {
  const base = { locale: 'fr-fr', storedCountry: 'DE', alertBoxClosed: true, alreadyDisplayed: false };
  it.each([
    ['visitor from another country, consent answered, never shown', {}, true],
    ['same country', { storedCountry: 'FR' }, false],
    ['same country, other case', { storedCountry: 'fr' }, false],
    ['different country in lower case', { storedCountry: 'de' }, true],
    ['unknown country', { storedCountry: 'unknown' }, false],
    ['unknown country, other case', { storedCountry: 'UNKNOWN' }, false],
    ['country not stored yet', { storedCountry: undefined }, false],
    ['country null', { storedCountry: null }, false],
    ['cookie banner not closed yet', { alertBoxClosed: false }, false],
    ['already displayed', { alreadyDisplayed: true }, false],
    ['en-us page, visitor in GB', { locale: 'en-us', storedCountry: 'GB' }, true],
    ['en-gb page, visitor in GB', { locale: 'en-gb', storedCountry: 'GB' }, false],
    ['international en-en page, visitor in DE', { locale: 'en-en', storedCountry: 'DE' }, true],
  ] as const)('%s → %s', (_label, patch, expected) => {
    expect(shouldOpenWrongMarketDrawer({ ...base, ...patch })).toBe(expected);
  });
});

describe('locale URLs', () => {
  it('strips and applies locale prefixes (en-us unprefixed)', () => {
    expect(stripLocalePrefix('/fr-fr/ca/women')).toBe('/ca/women');
    expect(stripLocalePrefix('/fr-fr/')).toBe('/');
    expect(stripLocalePrefix('/fr-fr')).toBe('/');
    expect(stripLocalePrefix('/ca/women')).toBe('/ca/women');
    expect(switchLocaleUrl('de-de', '/fr-fr/ca/women', '?sort=newest', '#top')).toBe('/de-de/ca/women?sort=newest#top');
    expect(switchLocaleUrl('de-de', '/fr-fr/')).toBe('/de-de/');
    expect(switchLocaleUrl('en-us', '/fr-fr/pr/bag-ABC1.html')).toBe('/pr/bag-ABC1.html');
    expect(switchLocaleUrl('ja-jp', '/')).toBe('/ja-jp/');
  });
  it('goes to the urlOverride of an external market', () => {
    expect(marketTarget({ urlOverride: 'https://www.example.cn' }, 'zh-cn', { pathname: '/fr-fr/' })).toEqual({
      href: 'https://www.example.cn',
      external: true,
    });
    expect(marketTarget({ urlOverride: null }, 'de-de', { pathname: '/fr-fr/ca/x', search: '?a=1' })).toEqual({
      href: '/de-de/ca/x?a=1',
      external: false,
    });
    expect(localeCountry('fr-fr')).toBe('FR');
  });
});

describe('names', () => {
  it('names countries in the shopper language with fallbacks', () => {
    expect(countryDisplayName('DE', 'fr-FR', 'Germany')).toBe('Allemagne');
    expect(countryDisplayName('DE', 'de-DE', 'Germany')).toBe('Deutschland');
    expect(countryDisplayName('ZH', 'en-US', 'China Mainland')).toBe('China');
    expect(countryDisplayName('EN', 'fr-FR', 'International')).toBe('International');
    expect(languageEndonym('de')).toBe('Deutsch');
    expect(languageEndonym('fr')).toBe('Français');
  });
});
