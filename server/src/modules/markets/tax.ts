/** Markets whose prices are shown before tax, tax being added at checkout (sales tax); elsewhere prices include it. */
const TAX_ADDED = new Set(['US', 'CA']);

export function pricesIncludeTax(country: string): boolean {
  return !TAX_ADDED.has(country);
}
