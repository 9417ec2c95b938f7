/**
 * BCP 47 tag of a storefront locale for `<html lang>` and `Content-Language`: language and region
 * (`fr-CH`, so that hyphenation, quotes and numbers follow the market), Chinese with its script
 * (Traditional in Taiwan, Hong Kong and Macau, Simplified elsewhere); the placeholder countries of the
 * international site (`en-en`, `zh-zh`) have no region. The server writes it into the first HTML; the
 * client keeps it in step when there is no server (dev:mock) and across client navigations.
 */
export function htmlLang(locale: string): string {
  const [language = 'en', country = ''] = locale.toLowerCase().split('-');
  // `en` and `zh` are not countries: the international placeholders `en-en` and `zh-zh`.
  const region = /^[a-z]{2}$/.test(country) && country !== 'en' && country !== 'zh' ? `-${country.toUpperCase()}` : '';
  if (language === 'zh') return `${['tw', 'hk', 'mo'].includes(country) ? 'zh-Hant' : 'zh-Hans'}${region}`;
  return `${language}${region}`;
}
