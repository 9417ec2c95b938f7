import { describe, expect, it } from 'vitest';
import { navigationTree } from './mega-menu';

const item = (id: string, parentId: string | null, level: number, position: number) =>
  ({ id, parentId, level, position, name: id, url: `/ca/${id}` }) as never;

describe('navigationTree', () => {
  it('groups the flat list by parent, each level by position, once per list', () => {
    const navigation = [
      item('men', null, 1, 2),
      item('women', null, 1, 1),
      item('w-shoes', 'women', 2, 2),
      item('w-bags', 'women', 2, 1),
      item('w-totes', 'w-bags', 3, 1),
      item('m-bags', 'men', 2, 1),
    ];
    const tree = navigationTree(navigation);
    const ids = (items: readonly { id: string }[]) => items.map((c) => c.id);
    expect(ids(tree.macros)).toEqual(['women', 'men']);
    expect(ids(tree.childrenOf('women'))).toEqual(['w-bags', 'w-shoes']);
    expect(ids(tree.childrenOf('w-bags'))).toEqual(['w-totes']);
    expect(tree.childrenOf('w-totes')).toEqual([]);
    expect(tree.childrenOf('nowhere')).toEqual([]);
    expect(navigationTree(navigation)).toBe(tree);
    expect(navigationTree([...navigation])).not.toBe(tree);
  });
});
