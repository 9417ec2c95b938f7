import { describe, expect, it } from 'vitest';
import { isSafeHref, sanitizeHtml } from './sanitize.ts';

describe('sanitizeHtml', () => {
  it('keeps the allowed formatting', () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong>, <em>italic</em> and <a href="/cp/the-house" title="House">a link</a>.</p><ul><li>One</li><li>Two<br>lines</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, styles and other raw-text elements with their content', () => {
    expect(sanitizeHtml('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>');
    expect(sanitizeHtml('<style>p{color:red}</style><p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<iframe src="https://evil"></iframe>ok')).toBe('ok');
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
    expect(sanitizeHtml('<SCRIPT>alert(1)</SCRIPT>ok')).toBe('ok');
  });

  it('drops event handlers, styles and unknown attributes', () => {
    expect(sanitizeHtml('<p onclick="alert(1)" style="x" class="c">t</p>')).toBe('<p>t</p>');
    expect(sanitizeHtml('<a href="/x" onmouseover=alert(1)>t</a>')).toBe('<a href="/x">t</a>');
    expect(sanitizeHtml('<img src=x onerror=alert(1)>t')).toBe('t');
  });

  it('keeps the text of unknown elements but not the element', () => {
    expect(sanitizeHtml('<div><section>Hello</section></div>')).toBe('Hello');
    expect(sanitizeHtml('<form action="/x"><button>Go</button></form>')).toBe('Go');
  });

  it('refuses dangerous link targets, however they are written', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'jav&#x61;script:alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html,<script>',
      'vbscript:x',
      '//evil.example/',
      ' javascript:x',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
  });

  it('accepts web, mail, phone, relative and fragment links; external ones get rel', () => {
    expect(isSafeHref('https://www.ysl.com')).toBe(true);
    expect(isSafeHref('mailto:client@ysl.com')).toBe(true);
    expect(isSafeHref('tel:+33142000000')).toBe(true);
    expect(isSafeHref('/legal/privacy')).toBe(true);
    expect(isSafeHref('#returns')).toBe(true);
    expect(sanitizeHtml('<a href="https://x.example/a?b=1&amp;c=2">x</a>')).toBe(
      '<a href="https://x.example/a?b=1&amp;c=2" rel="noopener noreferrer">x</a>',
    );
  });

  it('escapes stray markup characters and quotes in attributes', () => {
    expect(sanitizeHtml('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
    expect(sanitizeHtml('<a href="/x" title="&quot;&gt;<b>">t</a>')).toBe(
      '<a href="/x" title="&quot;&gt;&lt;b&gt;">t</a>',
    );
    expect(sanitizeHtml('caf&eacute; &amp; co')).toBe('caf&amp;eacute; &amp; co');
  });

  it('balances elements: unclosed closed, stray closings dropped, comments removed', () => {
    expect(sanitizeHtml('<p><strong>a</p>b</strong>')).toBe('<p><strong>a</strong></p>b');
    expect(sanitizeHtml('</p>x<!-- secret -->y')).toBe('xy');
    expect(sanitizeHtml('<ul><li>a')).toBe('<ul><li>a</li></ul>');
    expect(sanitizeHtml('<!-- <script>alert(1)</script> -->z')).toBe('z');
  });

  it('keeps non-Latin text as is', () => {
    expect(sanitizeHtml('<p>配送と返品について</p>')).toBe('<p>配送と返品について</p>');
  });

  it('is idempotent', () => {
    const once = sanitizeHtml('<p onclick=x>a &lt;b&gt; <a href="javascript:x">c</a><script>d</script>');
    expect(sanitizeHtml(once)).toBe(once);
  });
});
