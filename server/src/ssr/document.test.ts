import { describe, expect, it } from 'vitest';
import { renderDocument, serializeForScript } from './document.ts';

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
    expect(html).toContain('<html lang="fr-FR">');
    expect(html).toContain('<title>Sac &quot;Le 5 à 7&quot; &lt;b&gt;</title>');
    expect(html).toContain('content="x &amp; y"');
    expect(html).toContain('window.__SF_BOOTSTRAP__={"a":1}');
  });
});
