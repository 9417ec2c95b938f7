// The account pages: which URL is which page and which page data it reads, and their server render from the
// contract's examples (every market of the examples: en-us, fr-fr, ja-jp).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { render } from '../../entry-server';
import { matchPage, pageDataUrl } from '../page-routes';
import type { PageData } from '../storefront';

const example = (name: string) =>
  (
    YAML.parse(
      readFileSync(
        join(import.meta.dirname, '../../../../openapi/storefront/components/examples', `${name}.yaml`),
        'utf8',
      ),
    ) as { value: PageData }
  ).value;

describe('account pages: URL → page → page data', () => {
  const cases: [string, string, string][] = [
    ['/signin', 'sign-in', '/ssr/signin?locale=en-us'],
    [
      '/fr-fr/signin?returnUrl=%2Fmyaccount%2Forders',
      'sign-in',
      '/ssr/signin?locale=fr-fr&returnUrl=%2Fmyaccount%2Forders',
    ],
    ['/signin?returnUrl=https%3A%2F%2Fevil.example', 'sign-in', '/ssr/signin?locale=en-us'],
    ['/signin?returnUrl=%2F%2Fevil.example', 'sign-in', '/ssr/signin?locale=en-us'],
    ['/signup', 'sign-up', '/ssr/signup?locale=en-us'],
    ['/ja-jp/logout', 'logout', '/ssr/logout?locale=ja-jp'],
    ['/myaccount', 'my-account', '/ssr/myaccount?locale=en-us'],
    [
      '/fr-fr/myaccount/account-information',
      'my-account-information',
      '/ssr/myaccount/account-information?locale=fr-fr',
    ],
    ['/myaccount/profile', 'my-account-profile', '/ssr/myaccount/profile?locale=en-us'],
    ['/myaccount/address-book', 'my-account-address-book', '/ssr/myaccount/address-book?locale=en-us'],
    ['/myaccount/new-address-book', 'my-account-new-address-book', '/ssr/myaccount/new-address-book?locale=en-us'],
    [
      '/myaccount/edit-address-book?addressId=addr-3f9a10',
      'my-account-edit-address-book',
      '/ssr/myaccount/edit-address-book?locale=en-us&addressId=addr-3f9a10',
    ],
    ['/myaccount/edit-address-book', 'my-account-edit-address-book', '/ssr/404?locale=en-us'],
    ['/myaccount/editpassword', 'my-account-edit-password', '/ssr/myaccount/editpassword?locale=en-us'],
    // The activation link's token is the page's own business: the page data takes the user id only.
    [
      '/myaccount/activate?userId=00u8f3kq2xZbW7tYp4d7&token=VjJ4a2QwMTNZWGxUYld4cVlWaGFiRm96',
      'my-account-activate',
      '/ssr/myaccount/activate?locale=en-us&userId=00u8f3kq2xZbW7tYp4d7',
    ],
    ['/myaccount/activate?userId=nope', 'my-account-activate', '/ssr/404?locale=en-us'],
    [
      '/myaccount/reset-password?token=VjJ4a2QwMTNZWGxUYld4cVlWaGFiRm96',
      'my-account-reset-password',
      '/ssr/myaccount/reset-password?locale=en-us&token=VjJ4a2QwMTNZWGxUYld4cVlWaGFiRm96',
    ],
  ];
  for (const [url, kind, data] of cases) {
    it(`${url} → ${kind}`, async () => {
      const parsed = new URL(url, 'http://localhost');
      const match = matchPage(parsed.pathname);
      expect(match.kind).toBe(kind);
      expect(pageDataUrl(match, parsed.search)).toBe(data);
    });
  }

  it('leaves other account paths to the rest of the storefront', async () => {
    expect(matchPage('/myaccount/unknown').kind).toBe('not-found');
    expect(matchPage('/signin/extra').kind).toBe('not-found');
  });
});

describe('account pages render on the server', () => {
  const pages: [string, string, RegExp][] = [
    ['get-sign-in-page-data', '/signin', /<h1[^>]*>(Sign in|Connexion|ログイン)<\/h1>/],
    ['get-sign-up-page-data', '/signup', /<h1[^>]*>(Create an account|Créer un compte|アカウント作成)<\/h1>/],
    ['get-logout-page-data', '/logout', /<h1/],
    ['get-my-account-page-data', '/myaccount', /(Welcome|Bienvenue|ようこそ)/],
    ['get-account-information-page-data', '/myaccount/account-information', /name="emailAddress"/],
    ['get-profile-page-data', '/myaccount/profile', /type="checkbox"/],
    ['get-address-book-page-data', '/myaccount/address-book', /<address/],
    ['get-new-address-page-data', '/myaccount/new-address-book', /name="addressLine1"/],
    ['get-edit-address-page-data', '/myaccount/edit-address-book?addressId=x', /name="addressLine1"/],
    ['get-edit-password-page-data', '/myaccount/editpassword', /autocomplete="current-password"/i],
    [
      'get-reset-password-page-data',
      '/myaccount/reset-password?token=VjJ4a2QwMTNZWGxUYld4cVlWaGFiRm96',
      /autocomplete="new-password"|lien n’est plus valable/i,
    ],
    [
      'get-account-activation-page-data',
      '/myaccount/activate?userId=00u8f3kq2xZbW7tYp4d7&token=VjJ4a2QwMTNZWGxUYld4cVlWaGFiRm96',
      /<h1/,
    ],
  ];
  for (const [name, path, expected] of pages) {
    for (const locale of ['en-us', 'fr-fr', 'ja-jp']) {
      it(`${path} (${locale})`, async () => {
        const url = locale === 'en-us' ? path : `/${locale}${path}`;
        const { appHtml, bootstrap } = await render({
          url,
          data: example(`${name}-${locale}`),
          brandName: 'Saint Laurent',
        });
        expect(appHtml).toMatch(expected);
        expect(bootstrap.namespaces).toContain('account');
      });
    }
  }

  it('offers a new link instead of the form when the recovery link has expired', async () => {
    const { appHtml } = await render({
      url: '/fr-fr/myaccount/reset-password?token=VjJ4a2QwMTNZWGxUYld4cVlWaGFiRm96',
      data: example('get-reset-password-page-data-fr-fr'),
      brandName: 'Saint Laurent',
    });
    expect(appHtml).toContain('Ce lien n’est plus valable');
    expect(appHtml).toContain('Demander un nouveau lien');
    expect(appHtml).not.toMatch(/autocomplete="new-password"/i);
  });

  it('renders the French texts of the account namespace', async () => {
    const { appHtml } = await render({
      url: '/fr-fr/signin',
      data: example('get-sign-in-page-data-fr-fr'),
      brandName: 'Saint Laurent',
    });
    expect(appHtml).toContain('Mot de passe oublié ?');
    expect(appHtml).toContain('Afficher le mot de passe');
  });
});
