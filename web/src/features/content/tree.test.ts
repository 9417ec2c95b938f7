import { describe, expect, it } from 'vitest';
import { buildTree, type CmsComponent, type CmsNode } from './tree';

const text = (id: string, parentId: string | null, position: number): CmsComponent => ({
  id,
  type: 'rich-text',
  parentId,
  position,
  theme: 'light',
  textAlign: 'left',
  html: `<p>${id}</p>`,
});
const grid = (id: string, parentId: string | null, position: number): CmsComponent => ({
  id,
  type: 'grid',
  parentId,
  position,
  theme: 'light',
  columns: { desktop: 3, tablet: 2, mobile: 1 },
  gap: 'medium',
});
const shape = (nodes: CmsNode[]): unknown[] =>
  nodes.map((n) => (n.children.length ? { [n.component.id]: shape(n.children) } : n.component.id));

describe('buildTree', () => {
  it('returns nothing for no components', () => {
    expect(buildTree([])).toEqual([]);
  });

  it('orders roots and children by position, whatever the list order', () => {
    const tree = buildTree([
      text('c', null, 3),
      text('g2', 'g', 2),
      grid('g', null, 2),
      text('a', null, 1),
      text('g1', 'g', 1),
    ]);
    expect(shape(tree)).toEqual(['a', { g: ['g1', 'g2'] }, 'c']);
  });

  it('nests several levels deep', () => {
    const tree = buildTree([
      grid('outer', null, 1),
      grid('inner', 'outer', 1),
      text('leaf', 'inner', 1),
      text('after', 'outer', 2),
    ]);
    expect(shape(tree)).toEqual([{ outer: [{ inner: ['leaf'] }, 'after'] }]);
  });

  it('keeps the list order for equal positions', () => {
    expect(shape(buildTree([text('x', null, 1), text('y', null, 1), text('z', null, 1)]))).toEqual(['x', 'y', 'z']);
  });

  it('shows orphans (unknown parent) at the top level', () => {
    expect(shape(buildTree([text('a', null, 2), text('orphan', 'missing', 1)]))).toEqual(['orphan', 'a']);
  });

  it('treats a component that is its own parent as a root', () => {
    expect(shape(buildTree([text('self', 'self', 1)]))).toEqual(['self']);
  });

  it('breaks parent cycles without losing or repeating components', () => {
    const tree = buildTree([grid('a', 'b', 1), grid('b', 'a', 1), text('root', null, 1)]);
    const ids = JSON.stringify(shape(tree));
    expect(shape(tree)[0]).toBe('root');
    expect(ids.match(/"a"/g)).toHaveLength(1);
    expect(ids.match(/"b"/g)).toHaveLength(1);
  });

  it('keeps the first of duplicated ids', () => {
    const dup = { ...text('a', null, 2) } as CmsComponent & { html: string };
    dup.html = '<p>dup</p>';
    const tree = buildTree([text('a', null, 1), dup]);
    expect(tree).toHaveLength(1);
    expect((tree[0]!.component as { html: string }).html).toBe('<p>a</p>');
  });
});
