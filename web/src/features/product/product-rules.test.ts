import { describe, expect, it } from 'vitest';
import {
  callToActionOf,
  genderSwitchTarget,
  parseRecentlyViewed,
  pushRecentlyViewed,
  RECENTLY_VIEWED_MAX,
  shortNameOf,
  showColorSwatches,
  siblingProductUrl,
  sizeChoicesOf,
  sizeGuideCategoriesOf,
  type SwatchAllowlist,
} from './product-rules';
import { checkEmail } from './notify-email';

const variant = { pid: 'P2', color: 'Noir', macroColor: 'black', hex: '#000000', url: '/pr/bag-P2.html' };
const categories = { macroCategory: 'ysl-w', microCategory: 'ysl-w-bags', superMicroCategory: 'ysl-w-bags-tote' };

describe('colour swatches (spec §5)', () => {
  const allowlist: SwatchAllowlist = { men: ['ysl-m'], women: ['YSL-W-SHOES'], unisex: ['ysl-g'] };

  it('needs at least two colours', () => {
    expect(showColorSwatches({ totalColors: 1, colorVariants: [], categories }, null)).toBe(false);
    expect(showColorSwatches({ totalColors: 2, colorVariants: [variant], categories }, null)).toBe(true);
    // Without totalColors the variants count, plus the product itself.
    expect(showColorSwatches({ colorVariants: [variant], categories }, null)).toBe(true);
    expect(showColorSwatches({ categories }, null)).toBe(false);
    // A count without the variants to show: nothing to draw.
    expect(showColorSwatches({ totalColors: 3, colorVariants: [], categories }, null)).toBe(false);
  });

  it('with an allowlist, needs the macro, micro or super-micro category in it (any gender line, any case)', () => {
    const p = (c: Partial<typeof categories>) => ({
      totalColors: 2,
      colorVariants: [variant],
      categories: { ...categories, ...c },
    });
    expect(showColorSwatches(p({}), allowlist)).toBe(false);
    expect(showColorSwatches(p({ macroCategory: 'ysl-m' }), allowlist)).toBe(true);
    expect(showColorSwatches(p({ microCategory: 'ysl-w-shoes' }), allowlist)).toBe(true);
    expect(showColorSwatches(p({ superMicroCategory: 'Ysl-G' }), allowlist)).toBe(true);
    // By id, when the product carries its category ids (names are in the page's language).
    const named = {
      totalColors: 2,
      colorVariants: [variant],
      categories: { macroCategory: 'Femme', microCategory: 'Chaussures', superMicroCategory: 'Escarpins' },
    };
    expect(showColorSwatches(named, allowlist)).toBe(false);
    expect(
      showColorSwatches(
        { ...named, categoryIds: { macro: 'ysl-w', micro: 'ysl-w-shoes', superMicro: 'ysl-w-shoes-pumps' } },
        allowlist,
      ),
    ).toBe(true);
    expect(
      showColorSwatches(p({ macroCategory: '', microCategory: '', superMicroCategory: '' }), {
        men: [''],
        women: [],
        unisex: [],
      }),
    ).toBe(false);
    // Two colours are still needed inside the allowlist.
    expect(
      showColorSwatches(
        { totalColors: 1, colorVariants: [], categories: { ...categories, macroCategory: 'ysl-m' } },
        allowlist,
      ),
    ).toBe(false);
  });
});

describe('gender switch and short name (spec §5)', () => {
  it('switches gender only when both genderCode and genderAssociation exist', () => {
    expect(genderSwitchTarget({ genderCode: 'D', genderAssociation: 'YS2' })).toEqual({ pid: 'YS2', gender: 'U' });
    expect(genderSwitchTarget({ genderCode: 'U', genderAssociation: 'YS3' })).toEqual({ pid: 'YS3', gender: 'D' });
    expect(genderSwitchTarget({ genderCode: null, genderAssociation: 'YS2' })).toBeNull();
    expect(genderSwitchTarget({ genderCode: 'D', genderAssociation: null })).toBeNull();
    expect(genderSwitchTarget({ genderCode: 'D', genderAssociation: '  ' })).toBeNull();
    expect(genderSwitchTarget({ genderCode: 'D' })).toBeNull();
    expect(genderSwitchTarget({ genderCode: 'D', genderAssociation: '../evil' })).toBeNull();
  });

  it('links the other pid under the current name', () => {
    expect(siblingProductUrl('/pr/le-5-a-7-bag-YS1.html', 'YS2')).toBe('/pr/le-5-a-7-bag-YS2.html');
    expect(siblingProductUrl('nonsense', 'YS2')).toBe('/pr/product-YS2.html');
  });

  it('shows the short name only when non-empty', () => {
    expect(shortNameOf({ shortName: 'Le 5 à 7' })).toBe('Le 5 à 7');
    expect(shortNameOf({ shortName: '   ' })).toBeNull();
    expect(shortNameOf({ shortName: '' })).toBeNull();
    expect(shortNameOf({})).toBeNull();
  });
});

describe('sizes and call to action', () => {
  const sizes = [
    { id: '38', displayValue: '38', inStock: true, lowStock: false },
    { id: '39', displayValue: '39', inStock: true, lowStock: true },
    { id: '40', displayValue: '40', inStock: false, lowStock: false },
  ];
  const live = (size: string, displayStatus: string, inStock: boolean, lowStock = false) =>
    ({
      sku: `P-${size}`,
      size,
      displayValue: size,
      stock: inStock ? 'in_stock' : 'out_of_stock',
      inStock,
      lowStock,
      tags: [],
      displayStatus,
    }) as never;

  it('reads the page data without live availability', () => {
    expect(sizeChoicesOf(sizes, undefined).map((s) => [s.id, s.state, s.purchasable])).toEqual([
      ['38', 'available', true],
      ['39', 'last-one', true],
      ['40', 'sold-out', false],
    ]);
  });

  it('prefers the live display status of each size', () => {
    const choices = sizeChoicesOf(sizes, [
      live('38', 'pre-order', true),
      live('39', 'available', true, true),
      live('40', 'notify me', false),
    ]);
    expect(choices.map((s) => s.state)).toEqual(['pre-order', 'last-one', 'notify-me']);
    expect(choices.map((s) => s.purchasable)).toEqual([true, true, false]);
    expect(sizeChoicesOf([sizes[0]!], [live('38', 'find in store', false)])[0]!.state).toBe('in-store');
    expect(sizeChoicesOf([{ ...sizes[0]!, displayStatus: 'coming soon' }], undefined)[0]!.state).toBe('coming-soon');
  });

  it('offers what the product and the chosen size allow', () => {
    const [a, last, out] = sizeChoicesOf(sizes, undefined);
    const notify = { id: '41', label: '41', state: 'notify-me' as const, purchasable: false };
    expect(callToActionOf({ sellable: false, productStatus: 'available', inStock: true, chosen: a })).toBe(
      'not-sold-here',
    );
    expect(callToActionOf({ sellable: true, productStatus: undefined, inStock: true, chosen: undefined })).toBe(
      'add-to-bag',
    );
    expect(callToActionOf({ sellable: true, productStatus: undefined, inStock: false, chosen: undefined })).toBe(
      'sold-out',
    );
    expect(callToActionOf({ sellable: true, productStatus: 'available', inStock: true, chosen: last })).toBe(
      'add-to-bag',
    );
    expect(callToActionOf({ sellable: true, productStatus: 'available', inStock: true, chosen: out })).toBe('sold-out');
    expect(callToActionOf({ sellable: true, productStatus: 'available', inStock: true, chosen: notify })).toBe(
      'notify-me',
    );
    expect(callToActionOf({ sellable: true, productStatus: 'coming soon', inStock: false, chosen: a })).toBe(
      'coming-soon',
    );
    expect(callToActionOf({ sellable: true, productStatus: 'call to buy', inStock: true, chosen: a })).toBe(
      'call-to-buy',
    );
    expect(callToActionOf({ sellable: true, productStatus: 'notify me', inStock: false, chosen: undefined })).toBe(
      'notify-me',
    );
    expect(callToActionOf({ sellable: true, productStatus: 'pre-order', inStock: false, chosen: undefined })).toBe(
      'pre-order',
    );
    expect(
      callToActionOf({
        sellable: true,
        productStatus: 'available',
        inStock: true,
        chosen: { ...a!, state: 'pre-order' },
      }),
    ).toBe('pre-order');
    expect(
      callToActionOf({
        sellable: true,
        productStatus: 'available',
        inStock: true,
        chosen: { ...a!, state: 'in-store', purchasable: false },
      }),
    ).toBe('find-in-store');
    expect(callToActionOf({ sellable: true, productStatus: 'find in store', inStock: true, chosen: a })).toBe(
      'find-in-store',
    );
    expect(callToActionOf({ sellable: true, productStatus: 'contact us', inStock: true, chosen: a })).toBe(
      'contact-us',
    );
  });
});

describe('back-in-stock email (spec §5)', () => {
  it('lowercases and accepts a plain address', () => {
    expect(checkEmail('  Claire.Martin@Example.ORG ')).toEqual({ email: 'claire.martin@example.org', problem: null });
  });

  it('refuses empty, malformed and oddly built addresses', () => {
    expect(checkEmail('').problem).toBe('required');
    for (const bad of [
      'claire',
      'claire@',
      'claire@example',
      'claire@example.c',
      'claire@example.abcdefghijklm',
      'cl aire@example.org',
      'a@b@example.org',
      '.claire@example.org',
      'cla..ire@example.org',
      'claire@-example.org',
      'claire@exa_mple.org',
      `${'a'.repeat(65)}@example.org`,
    ]) {
      expect(checkEmail(bad).problem, bad).toBe('invalid');
    }
  });

  it('refuses the typo blacklist', () => {
    for (const typo of [
      'claire@example.con',
      'claire@gmal.com',
      'claire@gmai.com',
      'claire@hotnail.fr',
      'claire@yahooo.fr',
      'claire@yaho.com',
      'claire@example.cmo',
      'claire@gmail.om',
      'claire@email.tst',
    ]) {
      expect(checkEmail(typo).problem, typo).toBe('typo');
    }
    // Endings only: a domain that merely contains ".con" is fine.
    expect(checkEmail('claire@consulting.fr').problem).toBeNull();
    expect(checkEmail('claire@example.construction').problem).toBeNull();
  });
});

describe('recently viewed in local storage', () => {
  it('reads a list of pids, most recent first', () => {
    expect(parseRecentlyViewed(null)).toEqual({ pids: [], error: null });
    expect(parseRecentlyViewed('["YS1","ys2","YS1"]')).toEqual({ pids: ['YS1', 'YS2'], error: null });
  });

  it('names garbage with the catalogue code ERR_CLT_1013', () => {
    for (const garbage of ['{not json', '{"a":1}', '[1,2]', '["ok","../x"]', 'null', '"YS1"']) {
      expect(parseRecentlyViewed(garbage), garbage).toEqual({ pids: [], error: 'ERR_CLT_1013' });
    }
  });

  it('moves the viewed pid to the front and keeps at most the maximum', () => {
    expect(pushRecentlyViewed(['A', 'B', 'C'], 'c')).toEqual(['C', 'A', 'B']);
    const full = Array.from({ length: RECENTLY_VIEWED_MAX }, (_, i) => `P${i}`);
    const next = pushRecentlyViewed(full, 'NEW');
    expect(next).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(next[0]).toBe('NEW');
    expect(next).not.toContain(`P${RECENTLY_VIEWED_MAX - 1}`);
  });
});

describe('size guide categories', () => {
  it('uses the product ids when present, else the house categories of the size group', () => {
    expect(
      sizeGuideCategoriesOf(
        {
          sizeGroup: 'women_shoes',
          categoryIds: { macro: 'ysl-w', micro: 'ysl-w-shoes', superMicro: 'ysl-w-shoes-pumps' },
        },
        'ysl',
      ),
    ).toEqual({
      macro: 'ysl-w',
      micro: 'ysl-w-shoes',
      'super-micro': 'ysl-w-shoes-pumps',
    });
    expect(sizeGuideCategoriesOf({ sizeGroup: 'men_clothing' }, 'bv')).toEqual({ macro: 'bv-m', micro: 'bv-m-rtw' });
    expect(sizeGuideCategoriesOf({ sizeGroup: null }, 'ysl')).toBeNull();
    expect(sizeGuideCategoriesOf({ sizeGroup: 'women_shoes' }, '')).toBeNull();
    expect(
      sizeGuideCategoriesOf({ sizeGroup: 'women_shoes', categoryIds: { macro: 'Bad Id', micro: 'x' } }, 'ysl'),
    ).toEqual({ macro: 'ysl-w', micro: 'ysl-w-shoes' });
  });
});
