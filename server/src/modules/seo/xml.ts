/** The five XML special characters (sitemaps.org: entity-escape every data value). */
export function escapeXml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );
}

/** W3C datetime with seconds and a `+00:00` offset, as in the contract's examples. */
export function w3cDate(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

export interface SitemapUrl {
  loc: string;
  lastmod: Date;
  /** hreflang → absolute URL, self first, `x-default` last. */
  alternates: { hreflang: string; href: string }[];
}

export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

export function urlEntry(u: SitemapUrl): string {
  let out = `  <url>\n    <loc>${escapeXml(u.loc)}</loc>\n    <lastmod>${w3cDate(u.lastmod)}</lastmod>\n`;
  for (const a of u.alternates)
    out += `    <xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>\n`;
  return `${out}  </url>\n`;
}

export function urlset(entries: Iterable<SitemapUrl>): string {
  const parts = [
    `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`,
  ];
  for (const e of entries) parts.push(urlEntry(e));
  parts.push('</urlset>\n');
  return parts.join('');
}

export function sitemapIndex(entries: Iterable<{ loc: string; lastmod: Date }>): string {
  const parts = [`${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`];
  for (const e of entries)
    parts.push(
      `  <sitemap>\n    <loc>${escapeXml(e.loc)}</loc>\n    <lastmod>${w3cDate(e.lastmod)}</lastmod>\n  </sitemap>\n`,
    );
  parts.push('</sitemapindex>\n');
  return parts.join('');
}
