/** Translation namespaces, one JSON file each per language; spec §9: the default namespace is `common`. */
export const NAMESPACES = [
  'common',
  'errors',
  'market',
  'consent',
  'content',
  'catalog',
  'product',
  'account',
  'contact',
  'checkout',
  'orders',
  'stores',
  'returns',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
