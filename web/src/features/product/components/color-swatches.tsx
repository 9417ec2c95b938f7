import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import { useLocalizePath } from '../../../lib/market-context';
import type { VariantColor } from '../product-rules';

/**
 * The colours of the style: the current one first (marked current), the others as links to their
 * product pages. Shown only when `showColorSwatches` allows it (spec §5).
 */
export function ColorSwatches({
  current,
  variants,
}: {
  current: { name: string; hex: string };
  variants: readonly VariantColor[];
}) {
  const { t } = useTranslation('product');
  const localize = useLocalizePath();
  return (
    <div className="product-swatches">
      <ul className="product-swatches__list" aria-label={t('colors.label')}>
        <li>
          <span
            className="product-swatches__swatch"
            aria-current="true"
            title={current.name}
            data-testid="swatch-current"
          >
            <span className="product-swatches__chip" style={{ background: current.hex }} aria-hidden="true" />
            <span className="ui-visually-hidden">{t('colors.current', { color: current.name })}</span>
          </span>
        </li>
        {variants.map((v) => (
          <li key={v.pid}>
            <Link to={localize(v.url)} className="product-swatches__swatch" title={v.color} data-testid="swatch">
              <span className="product-swatches__chip" style={{ background: v.hex }} aria-hidden="true" />
              <span className="ui-visually-hidden">{t('colors.other', { color: v.color })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
