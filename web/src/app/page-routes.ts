export { matchPage, pageDataUrl, localizePath, DEFAULT_LOCALE, type PageMatch } from '../lib/paths';
