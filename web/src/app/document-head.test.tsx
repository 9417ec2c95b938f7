// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { Schemas } from '../lib/api-client';
import { DocumentHead } from './document-head';

afterEach(cleanup);

const meta = (name: string, locales: string[]): Schemas['PageMeta'] => ({
  title: `${name} | Saint Laurent`,
  description: `About ${name}`,
  canonical: `https://example.test/fr-fr/${name}`,
  robots: 'index, follow',
  alternates: locales.map((l) => ({ hreflang: l, href: `https://example.test/${l}/${name}` })),
});

describe('DocumentHead', () => {
  it("leaves the server's head of the first page as it is, and writes each next page's", () => {
    // The head as the server wrote it (the page's own links, kept while the page hydrates).
    document.head.innerHTML =
      '<title>first | Saint Laurent</title><link rel="canonical" href="https://example.test/fr-fr/first">' +
      '<link rel="alternate" hreflang="fr-fr" href="https://example.test/fr-fr/first" data-server>';
    // A server-rendered page carries its bootstrap data block.
    document.body.innerHTML = '<script type="application/json" id="sf-bootstrap">{}</script>';
    const first = render(<DocumentHead meta={meta('first', ['fr-fr', 'en-gb'])} />);
    // Nothing rewritten: the server's own link element is still there, nothing added.
    expect(document.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(1);
    expect(document.head.querySelector('link[data-server]')).not.toBeNull();

    first.rerender(<DocumentHead meta={meta('second', ['fr-fr', 'de-de', 'ja-jp'])} />);
    expect(document.title).toBe('second | Saint Laurent');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://example.test/fr-fr/second',
    );
    const alternates = [...document.head.querySelectorAll('link[rel="alternate"]')];
    expect(alternates.map((a) => a.getAttribute('hreflang'))).toEqual(['fr-fr', 'de-de', 'ja-jp']);

    // Mounted again (a page whose data is loading unmounts it): still writes.
    first.unmount();
    render(<DocumentHead meta={meta('first', ['fr-fr'])} />);
    expect(document.title).toBe('first | Saint Laurent');
  });

  it("writes the first page's head when the page was rendered in the browser alone", async () => {
    vi.resetModules();
    const { DocumentHead: Fresh } = await import('./document-head');
    document.head.innerHTML = '<title>index</title><link rel="canonical" href="https://example.test/">';
    document.body.innerHTML = '';
    render(<Fresh meta={meta('only', ['fr-fr', 'en-gb'])} />);
    expect(document.title).toBe('only | Saint Laurent');
    expect(document.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(2);
  });
});
