import { matchPage, parseStoreSlug, split } from './page-match';

// Page types recognised by path (spec §2)

export type PathPageType =
  | 'home'
  | 'category'
  | 'product'
  | 'collections'
  | 'contact'
  | 'content'
  | 'legal'
  | 'search'
  | 'sign-in'
  | 'sign-up'
  | 'my-account'
  | 'track-order'
  | 'store-list'
  | 'store-detail'
  | '404'
  | 'rive-droite';

/**
 * The page type a path is recognised as (spec §2), or null. In the secondary theme ("rive droite") only
 * `/rive-droite` itself is recognised.
 */
export function pageTypeOf(pathname: string): PathPageType | null {
  const { segments } = split(pathname);
  const [first, second] = segments;
  const n = segments.length;
  if (!first) return 'home';
  if (first === 'myaccount') return 'my-account';
  if (first === 'rive-droite') return n === 1 ? 'rive-droite' : null;
  if (n === 1) {
    const single: Record<string, PathPageType> = {
      collections: 'collections',
      contact: 'contact',
      search: 'search',
      signin: 'sign-in',
      signup: 'sign-up',
      'track-order': 'track-order',
      stores: 'store-list',
      '404': '404',
    };
    return Object.hasOwn(single, first) ? single[first]! : null;
  }
  if (first === 'collections') return 'collections';
  const kind = matchPage(pathname).kind;
  if (kind === 'category' || kind === 'product' || kind === 'content') return kind;
  if (kind === 'legal' || kind === 'legal-legacy') return 'legal';
  if (n !== 2) return null;
  if (first === 'stores' && parseStoreSlug(second!)) return 'store-detail';
  return null;
}
