import { cx } from './cx';
import { VisuallyHidden } from './visually-hidden';
import './price.css';

export interface PriceProps {
  /** Current price, already formatted for the market (e.g. "€1,250.00", "¥180,000"). */
  formatted: string;
  /** Original price before markdown, formatted; shown struck through when present. */
  original?: string;
  /**
   * Screen-reader prefix for the current price when on sale, e.g. t('price.sale') → "Sale price".
   * Strike-through is not announced by screen readers, so pass both labels whenever `original`
   * is set; otherwise the two amounts are only marked up with <ins>/<del>.
   */
  currentLabel?: string;
  /** Screen-reader prefix for the struck price, e.g. t('price.original') → "Original price". */
  originalLabel?: string;
  /** Optional visible tag such as "-30%". */
  badge?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/**
 * Presentational price. With `original`, renders the sale price first (in the sale colour) and the
 * struck original after it; visually hidden labels make the relationship explicit to assistive tech.
 */
export function Price({ formatted, original, currentLabel, originalLabel, badge, size = 'md', className }: PriceProps) {
  const onSale = original !== undefined && original !== '' && original !== formatted;
  if (!onSale) {
    return (
      <span className={cx('ui-price', className)} data-size={size}>
        <span className="ui-price__current">{formatted}</span>
      </span>
    );
  }
  return (
    <span className={cx('ui-price', className)} data-size={size} data-on-sale="">
      <ins className="ui-price__current">
        {currentLabel && <VisuallyHidden>{currentLabel}: </VisuallyHidden>}
        {formatted}
      </ins>
      <del className="ui-price__original">
        {originalLabel && <VisuallyHidden>{originalLabel}: </VisuallyHidden>}
        {original}
      </del>
      {badge && <span className="ui-price__badge">{badge}</span>}
    </span>
  );
}
