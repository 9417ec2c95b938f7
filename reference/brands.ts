/** The houses the storefront sells (spec §1): the key of a product's brand, of a boutique, of a house's pages. */
export type Brand = 'amq' | 'ysl' | 'bv' | 'bal';
