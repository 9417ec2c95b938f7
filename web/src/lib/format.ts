// Money as the market shows it. Spec §9: two decimals, except JPY and SAR drop them for whole amounts.
const NO_ZERO_DECIMALS = new Set(['JPY', 'SAR', 'KRW']);
const cache = new Map<string, Intl.NumberFormat>();

export function intlLocale(locale: string): string {
  const [lang, country] = locale.split('-');
  if (country === 'en' || country === 'xx') return lang ?? 'en';
  return `${lang}-${(country ?? '').toUpperCase()}`;
}

export function formatPrice(value: number, currency: string, locale: string): string {
  const whole = Number.isInteger(value) && NO_ZERO_DECIMALS.has(currency);
  const key = `${locale}|${currency}|${whole}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(locale), {
      style: 'currency',
      currency,
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
    cache.set(key, f);
  }
  return f.format(value);
}
