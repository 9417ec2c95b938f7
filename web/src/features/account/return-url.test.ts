import { describe, expect, it } from 'vitest';
import { returnUrlIn, safeReturnUrl, signInUrlFor, sitePathIn } from './return-url';

describe('safeReturnUrl (no open redirect)', () => {
  it('keeps a site path with its query and hash', () => {
    expect(safeReturnUrl('/myaccount/orders')).toBe('/myaccount/orders');
    expect(safeReturnUrl('/pr/bag-ABC123.html?size=38#details')).toBe('/pr/bag-ABC123.html?size=38#details');
    expect(safeReturnUrl('/')).toBe('/');
  });

  it('drops the locale prefix (the page adds its own)', () => {
    expect(safeReturnUrl('/fr-fr/myaccount/profile')).toBe('/myaccount/profile');
    expect(safeReturnUrl('/fr-fr')).toBe('/');
  });

  it('falls back to the account for anything that could leave the site', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      ' /myaccount',
      '/my account',
      '/myaccount\n',
      'myaccount',
      '',
      null,
      undefined,
      `/${'a'.repeat(500)}`,
    ]) {
      expect(safeReturnUrl(bad as string), String(bad)).toBe('/myaccount');
    }
  });

  it('does not come back to signing in, up or out', () => {
    for (const loop of ['/signin', '/signin?returnUrl=/x', '/fr-fr/signup', '/logout', '/signin/'])
      expect(safeReturnUrl(loop), loop).toBe('/myaccount');
  });

  it('goes to the return URL in the page locale', () => {
    expect(returnUrlIn('fr-fr', '/myaccount/orders')).toBe('/fr-fr/myaccount/orders');
    expect(returnUrlIn('en-us', '/myaccount/orders')).toBe('/myaccount/orders');
    expect(returnUrlIn('ja-jp', 'https://evil.example')).toBe('/ja-jp/myaccount');
  });
});

describe('signInUrlFor', () => {
  it('comes back to the guarded page, without its locale prefix', () => {
    expect(signInUrlFor('fr-fr', '/fr-fr/myaccount/edit-address-book', '?addressId=home')).toBe(
      '/fr-fr/signin?returnUrl=%2Fmyaccount%2Fedit-address-book%3FaddressId%3Dhome',
    );
    expect(signInUrlFor('en-us', '/myaccount')).toBe('/signin?returnUrl=%2Fmyaccount');
  });
});

describe('sitePathIn', () => {
  it('localises paths without a prefix and keeps the others', () => {
    expect(sitePathIn('fr-fr', '/signup')).toBe('/fr-fr/signup');
    expect(sitePathIn('fr-fr', '/fr-fr/legal/privacy-policy')).toBe('/fr-fr/legal/privacy-policy');
    expect(sitePathIn('en-us', '/signin?returnUrl=/myaccount')).toBe('/signin?returnUrl=/myaccount');
  });
});
