// CMS components arrive as a flat list (each names its container in `parentId` and its order in
// `position`, so that the contract's schemas stay free of recursion). The renderer needs the tree back.
import type { Schemas } from '../../lib/api-client';

export type CmsComponent = Schemas['CmsComponent'];

export interface CmsNode {
  component: CmsComponent;
  children: CmsNode[];
}

/**
 * Rebuilds the component tree: roots are the components without a parent, or whose parent is not in
 * the list (an orphan is shown rather than lost); siblings are ordered by `position`, then by their
 * order in the list. A cycle (a component that is its own ancestor) is broken at the first repeat; a
 * duplicated id keeps its first occurrence.
 */
export function buildTree(components: readonly CmsComponent[]): CmsNode[] {
  const byId = new Map<string, CmsComponent>();
  for (const c of components) if (!byId.has(c.id)) byId.set(c.id, c);
  const unique = [...byId.values()];
  const order = new Map(unique.map((c, i) => [c.id, i] as const));
  const children = new Map<string | null, CmsComponent[]>();
  for (const c of unique) {
    const parent = c.parentId !== null && c.parentId !== c.id && byId.has(c.parentId) ? c.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(c);
    children.set(parent, list);
  }
  const sort = (list: CmsComponent[]) =>
    [...list].sort((a, b) => a.position - b.position || order.get(a.id)! - order.get(b.id)!);
  const seen = new Set<string>();
  const build = (c: CmsComponent): CmsNode => {
    seen.add(c.id);
    return {
      component: c,
      children: sort(children.get(c.id) ?? [])
        .filter((k) => !seen.has(k.id))
        .map(build),
    };
  };
  const roots = sort(children.get(null) ?? []).map(build);
  // Components caught in a parent cycle never reach a root: show them at the top rather than lose them.
  for (const c of unique) if (!seen.has(c.id)) roots.push(build(c));
  return roots;
}
