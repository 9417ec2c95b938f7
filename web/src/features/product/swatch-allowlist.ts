import type { SwatchAllowlist } from './product-rules';

/**
 * Spec §5's category allowlist of colour swatches: the macro categories (ids or names, any case) of the
 * men's, women's and unisex lines whose products show swatches. `null` = no allowlist: every product
 * with at least two colours shows them. A house that restricts swatches (e.g. to ready-to-wear and
 * shoes) lists its categories here, e.g. `{ men: ['ysl-m-rtw'], women: ['ysl-w-rtw', 'ysl-w-shoes'], unisex: [] }`.
 */
export const SWATCH_CATEGORY_ALLOWLIST: SwatchAllowlist = null;
