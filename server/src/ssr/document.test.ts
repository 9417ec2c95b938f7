import { describe, expect, it } from 'vitest';
import { htmlLang, renderDocument, serializeForScript } from './document.ts';

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
    const html = renderDocument('<html lang="en"><head><!--app-head--></head><body><!--app-html--><!--app-state--></body></html>', {
      appHtml: '<main></main>',
      bootstrap: { a: 1 },
      data: {
        pageType: 'product',
        market: { locale: 'fr-fr', language: 'fr' },
        meta: { title: 'Sac "Le 5 à 7" <b>', description: 'x & y', canonical: 'https://s/fr-fr/', robots: 'index, follow', alternates: [] },
      },
    });
    expect(html).toContain('<html lang="fr-FR" data-theme="light" data-layout="default">');
    expect(html).toContain('<title>Sac &quot;Le 5 à 7&quot; &lt;b&gt;</title>');
    expect(html).toContain('content="x &amp; y"');
    // A JSON data block, not a script: the CSP allows no inline script.
    expect(html).toContain('<script type="application/json" id="sf-bootstrap">{"a":1}</script>');
  });
});

describe('document root', () => {
  const template = '<!doctype html><html lang="en"><head><!--app-head--></head><body><!--app-html--><!--app-state--></body></html>';
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
    expect(renderDocument(template, { data: data(locale), appHtml: '', bootstrap: null })).toContain(`<html lang="${lang}" `);
  });

  it('sets the theme, the shell and the house on <html>', () => {
    const html = renderDocument(template, { data: data('fr-fr', { theme: 'dark', layoutVariant: 'rive-droite' }), appHtml: '', bootstrap: null, house: 'ysl' });
    expect(html).toContain('<html lang="fr-FR" data-theme="dark" data-layout="rive-droite" data-house="ysl">');
    const plain = renderDocument(template, { data: data('en-us'), appHtml: '', bootstrap: null, house: 'bal' });
    expect(plain).toContain('<html lang="en-US" data-theme="light" data-layout="default" data-house="bal">');
  });

  it('writes the canonical link and every hreflang alternate', () => {
    const html = renderDocument(template, { data: data('fr-fr'), appHtml: '', bootstrap: null });
    expect(html).toContain('<link rel="canonical" href="https://s/fr-fr/cp/x">');
    expect(html).toContain('<link rel="alternate" hreflang="fr-fr" href="https://s/fr-fr/cp/x">');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://s/cp/x">');
  });
});
