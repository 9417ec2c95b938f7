// Story-only data: the filters of the story catalogue, shaped like GET /api/data/filters. Never imported by the app.
import { catalog } from '../../stories/story-kit';
import type { Filter } from './api/catalog-queries';

const COLOURS: Record<string, { label: string; hex: string }> = {
  black: { label: 'Noir', hex: '#141414' },
  white: { label: 'Blanc', hex: '#EFE8DA' },
  beige: { label: 'Beige', hex: '#CBB597' },
  brown: { label: 'Marron', hex: '#6B4A33' },
  red: { label: 'Rouge', hex: '#8C1C22' },
  pink: { label: 'Rose', hex: '#E2C2BD' },
  blue: { label: 'Bleu', hex: '#1F2B45' },
  grey: { label: 'Gris', hex: '#6F6D6A' },
  gold: { label: 'Or', hex: '#C9A45C' },
  silver: { label: 'Argent', hex: '#B9BBBD' },
};

function countBy(values: string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
}

export function storyFilters(selected: Record<string, string[]> = {}): Filter[] {
  const products = catalog.products;
  const prices = products.map((p) => p.prices.EUR?.list ?? 0);
  const isSelected = (key: string, value: string) => (selected[key] ?? []).includes(value);
  return [
    {
      key: 'inStock',
      urlName: 'instock',
      label: 'Disponibilité',
      selectionType: 'toggle',
      values: [
        {
          value: 'true',
          label: 'En stock',
          count: products.filter((p) => p.variants.some((v) => v.stock > 0)).length,
          selected: isSelected('instock', 'true'),
        },
      ],
    },
    {
      key: 'macroColor',
      urlName: 'color',
      label: 'Couleur',
      selectionType: 'multiple',
      values: countBy(products.map((p) => p.color.macroColor)).map(([value, count]) => ({
        value,
        label: COLOURS[value]?.label ?? value,
        count,
        selected: isSelected('color', value),
        hex: COLOURS[value]?.hex ?? '#999999',
      })),
    },
    {
      key: 'materialFilter',
      urlName: 'material',
      label: 'Matière',
      selectionType: 'multiple',
      values: countBy(products.map((p) => p.material)).map(([value, count]) => ({
        value,
        label: value.replace(/-/g, ' '),
        count,
        selected: isSelected('material', value),
      })),
    },
    {
      key: 'size',
      urlName: 'size',
      label: 'Taille',
      selectionType: 'multiple',
      values: ['35', '36', '37', '38', '39', '40', '41'].map((value, i) => ({
        value,
        label: value,
        count: i === 6 ? 0 : 12 - i,
        selected: isSelected('size', value),
      })),
    },
    {
      key: 'price',
      urlName: 'price',
      label: 'Prix',
      selectionType: 'range',
      values: [],
      range: {
        min: Math.min(...prices),
        max: Math.max(...prices),
        selectedMin: null,
        selectedMax: null,
        currencyCode: 'EUR',
      },
    },
  ];
}
