import { describe, expect, it } from 'vitest';
import { displayName, recordDisplayNames, seedDisplayNames } from './display-names';

describe('display names', () => {
  it('names a region and a language in a locale; the fallback when Intl cannot', () => {
    expect(displayName('fr', 'DE', 'region')).toBe('Allemagne');
    expect(displayName('ja', 'ja', 'language')).toBe('日本語');
    expect(displayName('not a locale!', 'FR', 'region', '?')).toBe('?');
    // Each caller's own fallback, whoever asked first.
    expect(displayName('not a locale!', 'FR', 'region')).toBe('FR');
  });

  it('records the names a render asks for, and only while it records', () => {
    displayName('en', 'JP', 'region');
    const stop = recordDisplayNames();
    displayName('en', 'IT', 'region');
    displayName('de', 'de', 'language');
    expect(stop()).toEqual({ 'en|region|IT': 'Italy', 'de|language|de': 'Deutsch' });
    displayName('en', 'ES', 'region');
    expect(stop()).toEqual({ 'en|region|IT': 'Italy', 'de|language|de': 'Deutsch' });
  });

  it('answers a seeded name as it is (the server’s text), without asking Intl', () => {
    seedDisplayNames({ 'ko|region|KR': '대한민국 (server)', bad: 3 as unknown as string });
    expect(displayName('ko', 'KR', 'region')).toBe('대한민국 (server)');
    seedDisplayNames(undefined);
  });
});
