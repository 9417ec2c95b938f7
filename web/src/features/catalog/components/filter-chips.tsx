import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { noBreakSpaces } from '../../../lib/format';
import type { FilterSelection } from '../../../lib/paths';
import type { Filter } from '../api/catalog-queries';
import { parsePriceRange } from '../listing-url';
import './filter-chips.css';
import { Button } from '../../../components/ui/button';

export interface FilterChipsProps {
  selection: FilterSelection;
  /** For the values' labels (and the price's currency). */
  filters: Filter[];
  onRemove: (key: string, value: string) => void;
  onClearAll: () => void;
}

/**
 * The applied filters as removable chips — a labelled list, each chip with its own remove button named
 * "Remove <value>" (Tab moves between them) — and a way to clear them all. Native elements, so the listing's
 * first load carries no React Aria code (docs/web-performance.md).
 */
export function FilterChips({ selection, filters, onRemove, onClearAll }: FilterChipsProps) {
  const { t, i18n } = useTranslation('catalog');
  const labelId = useId();
  const chips: { id: string; key: string; value: string; label: string }[] = [];
  for (const [key, values] of Object.entries(selection)) {
    const filter = filters.find((f) => f.urlName === key);
    for (const value of values) {
      let label = filter?.values.find((v) => v.value === value)?.label ?? value;
      if (key === 'instock') label = t('filters.inStock');
      if (key === 'price') {
        const range = parsePriceRange(value);
        const currency = filter?.range?.currencyCode;
        const fmt = (n: number) =>
          currency
            ? noBreakSpaces(
                new Intl.NumberFormat(i18n.language === 'zh-hant' ? 'zh-Hant' : i18n.language, {
                  style: 'currency',
                  currency,
                  maximumFractionDigits: 0,
                }).format(n),
              )
            : String(n);
        if (range) label = t('filters.priceBetween', { min: fmt(range[0]), max: fmt(range[1]) });
      }
      chips.push({ id: `${key}:${value}`, key, value, label });
    }
  }
  if (chips.length === 0) return null;
  return (
    <div className="filter-chips">
      <span className="filter-chips__label" id={labelId}>
        {t('filters.applied')}
      </span>
      <ul className="filter-chips__list" aria-labelledby={labelId}>
        {chips.map((chip) => (
          <li key={chip.id} className="filter-chip" data-testid="filter-chip">
            <span>{chip.label}</span>
            <button
              type="button"
              className="filter-chip__remove"
              aria-label={t('filters.remove', { label: chip.label })}
              onClick={() => onRemove(chip.key, chip.value)}
            >
              <svg viewBox="0 0 12 12" aria-hidden="true" focusable="false">
                <path d="M3 3l6 6M9 3L3 9" stroke="currentColor" strokeWidth="1" fill="none" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <Button variant="tertiary" size="sm" className="filter-chips__clear" onPress={onClearAll}>
        {t('filters.clearAll')}
      </Button>
    </div>
  );
}
