import { isStorableText } from '../shared/request-text.ts';

/**
 * A page path no page can have: an empty segment (`//`, which a URL parser reads as the start of a host), a
 * backslash (which browsers read as a slash), a malformed percent-encoding, or text no page can hold (U+0000,
 * a lone surrogate). Such paths answer the not-found page; none is redirected.
 */
export function isOddPagePath(path: string): boolean {
  if (path.includes('//') || path.includes('\\')) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  return decoded.includes('\\') || !isStorableText(decoded);
}

/**
 * A redirect of a page stays on the site unless it names another site's absolute URL (China's own site): a
 * target that starts with `//` or `/\` would be read by browsers as another host, so its leading slashes
 * and backslashes become one slash.
 */
export function sameSiteLocation(target: string): string {
  return /^[/\\]{2,}/.test(target) ? `/${target.replace(/^[/\\]+/, '')}` : target;
}
