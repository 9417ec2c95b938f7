import { describe, expect, it } from 'vitest';
import { accumulatePages } from './listing-pages';

const page = (n: number, size = 3) => Array.from({ length: size }, (_, i) => ({ id: `P${(n - 1) * size + i + 1}` }));
const ids = (list: { id: string }[]) => list.map((p) => p.id).join(',');

describe('pages on screen', () => {
  it('appends the next page and prepends the previous one of the same listing', () => {
    let s = accumulatePages(null, 'bags|', 2, page(2));
    s = accumulatePages(s, 'bags|', 3, page(3));
    expect([s.first, s.last, ids(s.products)]).toEqual([2, 3, 'P4,P5,P6,P7,P8,P9']);
    s = accumulatePages(s, 'bags|', 1, page(1));
    expect([s.first, s.last, s.products.length]).toEqual([1, 3, 9]);
  });

  it('never shows a product twice when the listing shifted between two pages', () => {
    const s = accumulatePages(accumulatePages(null, 'k', 1, page(1)), 'k', 2, [{ id: 'P3' }, { id: 'P4' }]);
    expect(ids(s.products)).toBe('P1,P2,P3,P4');
  });

  it('starts again for another listing, or a page that does not follow', () => {
    const s = accumulatePages(accumulatePages(null, 'k', 1, page(1)), 'k', 2, page(2));
    expect(accumulatePages(s, 'k|color:black', 1, page(1, 1))).toEqual({
      key: 'k|color:black',
      first: 1,
      last: 1,
      products: [{ id: 'P1' }],
    });
    expect(accumulatePages(s, 'k', 5, page(5)).first).toBe(5);
    expect(accumulatePages(s, 'k', 2, page(2))).toBe(s);
  });
});
