export { matchPage, pageDataUrl, DEFAULT_LOCALE } from '../lib/paths';
