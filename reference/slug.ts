// The slug of a URL segment (boutique, category, product names): a rule of the storefront's URLs.

/** ASCII slug: strips accents, keeps a-z0-9, joins with '-'. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
