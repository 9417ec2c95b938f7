// The size runs the catalogue's sizes are taken from, in the order a size filter lists them.

/** The size tables of a sized product: by gender, clothing or shoes. */
export type SizeGroup = 'women_clothing' | 'women_shoes' | 'men_clothing' | 'men_shoes';

export const SIZE_RUNS: Readonly<Record<string, readonly string[]>> = {
  letter: ['XS', 'S', 'M', 'L', 'XL'],
  women_clothing: ['34', '36', '38', '40', '42', '44'],
  men_clothing: ['44', '46', '48', '50', '52', '54', '56'],
  women_shoes: ['35', '36', '37', '38', '39', '40', '41'],
  men_shoes: ['39', '40', '41', '42', '43', '44', '45', '46'],
};

/** The size of a product that comes in one size ("taille unique"). */
export const ONE_SIZE = 'TU';
