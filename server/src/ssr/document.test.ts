import { describe, expect, it } from 'vitest';
import {
  documentBytes,
  fill,
  houseIconLinks,
  houseWordmarkSymbol,
  htmlLang,
  renderDocument,
  serializeForScript,
} from './document.ts';
import { shareJson } from '../shared/shared-json.ts';

describe('serializeForScript', () => {
  it('cannot close the script element or open a comment', () => {
    const out = serializeForScript({ name: '</script><script>alert(1)</script><!--', sep: '\u2028' });
    expect(out).not.toContain('</script');
    expect(out).not.toContain('<!--');
    expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script><!--', sep: '\u2028' });
  });
});

describe('renderDocument', () => {
  it('escapes meta values and sets the document language', () => {
    const html = renderDocument(
      '<html lang="en"><head><!--app-head--></head><body><!--app-html--><!--app-state--></body></html>',
      {
        appHtml: '<main></main>',
        bootstrap: { a: 1 },
        data: {
          pageType: 'product',
          market: { locale: 'fr-fr', language: 'fr' },
          meta: {
            title: 'Sac "Le 5 à 7" <b>',
            description: 'x & y',
            canonical: 'https://s/fr-fr/',
            robots: 'index, follow',
            alternates: [],
          },
        },
      },
    );
    expect(html).toContain('<html lang="fr-FR" data-theme="light" data-layout="default">');
    expect(html).toContain('<title>Sac &quot;Le 5 à 7&quot; &lt;b&gt;</title>');
    expect(html).toContain('content="x &amp; y"');
    // A JSON data block, not a script: the CSP allows no inline script.
    expect(html).toContain('<script type="application/json" id="sf-bootstrap">{"a":1}</script>');
  });
});

describe('fill', () => {
  it('places each text at its marker in the template, literally, never at a marker inside a text placed', () => {
    const out = fill('<a><!--one--><b><!--two--></b><!--one--></a>', [
      ['<!--one-->', 'x<!--two-->$&'],
      ['<!--two-->', 'y'],
      [/<b\b[^>]*>/g, '<b id="z">'],
      ['<!--absent-->', 'never'],
    ]);
    expect(out).toBe('<a>x<!--two-->$&<b id="z">y</b><!--one--></a>');
  });
});

describe('document root', () => {
  const template =
    '<!doctype html><html lang="en"><head><!--app-head--></head><body><!--app-html--><!--app-state--></body></html>';
  const data = (locale: string, extra: Record<string, unknown> = {}) => ({
    pageType: 'content',
    market: { locale, language: locale.slice(0, 2) },
    meta: {
      title: 'T',
      description: 'D',
      canonical: `https://s/${locale}/cp/x`,
      robots: 'index, follow',
      alternates: [
        { hreflang: 'fr-fr', href: 'https://s/fr-fr/cp/x' },
        { hreflang: 'x-default', href: 'https://s/cp/x' },
      ],
    },
    ...extra,
  });

  it.each([
    ['en-us', 'en-US'],
    ['en-en', 'en'],
    ['fr-fr', 'fr-FR'],
    ['ja-jp', 'ja-JP'],
    ['zh-tw', 'zh-Hant-TW'],
    ['zh-hk', 'zh-Hant-HK'],
    ['zh-mo', 'zh-Hant-MO'],
    ['zh-sg', 'zh-Hans-SG'],
    ['zh-cn', 'zh-Hans-CN'],
  ])('lang of %s is %s', (locale, lang) => {
    expect(htmlLang(locale)).toBe(lang);
    expect(renderDocument(template, { data: data(locale), appHtml: '', bootstrap: null })).toContain(
      `<html lang="${lang}" `,
    );
  });

  it('sets the theme, the shell and the house on <html>', () => {
    const html = renderDocument(template, {
      data: data('fr-fr', { theme: 'dark', layoutVariant: 'rive-droite' }),
      appHtml: '',
      bootstrap: null,
      house: 'ysl',
    });
    expect(html).toContain('<html lang="fr-FR" data-theme="dark" data-layout="rive-droite" data-house="ysl">');
    const plain = renderDocument(template, { data: data('en-us'), appHtml: '', bootstrap: null, house: 'bal' });
    expect(plain).toContain('<html lang="en-US" data-theme="light" data-layout="default" data-house="bal">');
  });

  it('as bytes, the same document in UTF-8: a large page in Japanese, its text past one placed piece', () => {
    // Over 64K two-byte characters: the size the bytes are made for (a joined string would be a large object).
    const appHtml = `<main>${'東京の鞄 — 「黒」 '.repeat(6_000)}</main>`;
    const input = {
      data: data('ja-jp'),
      appHtml,
      bootstrap: { note: 'é'.repeat(20_000) },
      house: 'ysl',
      head: ['<meta a>'],
    };
    const bytes = documentBytes(template, input);
    expect(bytes.equals(Buffer.from(renderDocument(template, input), 'utf8'))).toBe(true);
    expect(bytes.toString('utf8').includes(appHtml)).toBe(true);
  });

  it('a bootstrap whose page data holds shared values: the same bytes, shared text escaped like the rest', () => {
    // As a server render makes it: translations, and the page data inside TanStack's dehydrated state, whose
    // navigation and alternates are made once (frozen) and carry text that could close the data block.
    const alternates = shareJson([{ hreflang: 'fr-fr', href: 'https://s/fr-fr/cp/x?a=1&b=</script>' }]);
    const navigation = shareJson([{ id: 'c1', name: 'Sacs « </script><!-- » \u2028' }]);
    const page = { ...data('fr-fr'), meta: { ...data('fr-fr').meta, alternates }, navigation };
    const bootstrap = () => ({
      language: 'fr',
      resources: { fr: { common: { close: 'Fermer </script>' } } },
      state: { mutations: [], queries: [{ queryKey: ['page', '/ssr/cp/x'], state: { data: page, error: null } }] },
      pageType: 'content',
    });
    const plain = JSON.stringify(bootstrap())
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026')
      .replace(/\u2028/g, '\\u2028');
    for (let i = 0; i < 2; i++) {
      const input = { data: page, appHtml: '<main></main>', bootstrap: bootstrap(), house: 'ysl' };
      const bytes = documentBytes(template, input);
      const html = bytes.toString('utf8');
      expect(html).toBe(renderDocument(template, input));
      const block = html.slice(html.indexOf('id="sf-bootstrap">') + 18, html.lastIndexOf('</script>'));
      expect(block).toBe(plain);
      expect(JSON.parse(block)).toEqual(bootstrap());
      expect(html.match(/<\/script/g)).toHaveLength(1);
      expect(html).toContain(
        '<link rel="alternate" hreflang="fr-fr" href="https://s/fr-fr/cp/x?a=1&amp;b=&lt;/script&gt;">',
      );
    }
  });

  it('writes the canonical link and every hreflang alternate', () => {
    const html = renderDocument(template, { data: data('fr-fr'), appHtml: '', bootstrap: null });
    expect(html).toContain('<link rel="canonical" href="https://s/fr-fr/cp/x">');
    expect(html).toContain('<link rel="alternate" hreflang="fr-fr" href="https://s/fr-fr/cp/x">');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://s/cp/x">');
  });
});

describe('the house’s identity in the document', () => {
  const template =
    '<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';
  const data = {
    pageType: 'home',
    market: { locale: 'fr-fr', language: 'fr' },
    meta: { title: 'T', description: 'D', canonical: 'https://s/fr-fr/', robots: 'index, follow', alternates: [] },
  };

  it('links the house’s icons and preloads the fonts it is given, first in the head', () => {
    const fonts = ['<link rel="preload" href="/assets/f-1.woff2" as="font" type="font/woff2" crossorigin>'];
    const html = renderDocument(template, { data, appHtml: '', bootstrap: null, house: 'bv', fonts });
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
    expect(head.indexOf(fonts[0]!)).toBeLessThan(head.indexOf('<title>'));
    expect(head).toContain('<link rel="icon" href="/brand/bv/favicon-32.png" sizes="32x32" type="image/png">');
    expect(head).toContain('<link rel="icon" href="/brand/bv/favicon.svg" type="image/svg+xml">');
    expect(head).toContain('<link rel="apple-touch-icon" href="/brand/bv/apple-touch-icon.png">');
    expect(houseIconLinks('nope')).toEqual([]);
  });

  it('writes the house’s wordmark once, as the symbol the header draws, before the app', () => {
    const html = renderDocument(template, {
      data,
      appHtml: '<header><svg><use href="#house-wordmark"></use></svg></header>',
      bootstrap: null,
      house: 'ysl',
    });
    expect(html.match(/<symbol id="house-wordmark"/g)).toHaveLength(1);
    expect(html.indexOf('<symbol id="house-wordmark"')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(houseWordmarkSymbol('ysl')).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" hidden aria-hidden="true"><symbol id="house-wordmark" viewBox="0 0 [\d.]+ [\d.]+"><path fill="currentColor" d="M/,
    );
    expect(houseWordmarkSymbol('ysl')).not.toBe(houseWordmarkSymbol('bal'));
    expect(renderDocument(template, { data, appHtml: '', bootstrap: null })).not.toContain('house-wordmark');
  });
});
