import { useTranslation } from '../../../lib/i18n-react';
import type { GridView } from '../listing-url';
import './grid-view-toggle.css';

/**
 * Grid density: large tiles (3 per row on desktop, 1 on phones) or small ones (6, and 2 on phones). Two
 * native toggle buttons (`aria-pressed`) in a labelled group, exactly one pressed: the WAI-ARIA toggle
 * button pattern without React Aria's code on the listing's first load.
 */
export function GridViewToggle({ value, onChange }: { value: GridView; onChange: (view: GridView) => void }) {
  const { t } = useTranslation('catalog');
  return (
    <div className="grid-view-toggle" role="group" aria-label={t('grid.label')}>
      <button
        type="button"
        className="grid-view-toggle__button"
        aria-label={t('grid.large')}
        aria-pressed={value === 'ViewBy3'}
        onClick={() => onChange('ViewBy3')}
      >
        <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <rect x="2.5" y="2.5" width="6" height="15" fill="none" stroke="currentColor" />
          <rect x="11.5" y="2.5" width="6" height="15" fill="none" stroke="currentColor" />
        </svg>
      </button>
      <button
        type="button"
        className="grid-view-toggle__button"
        aria-label={t('grid.small')}
        aria-pressed={value === 'ViewBy6'}
        onClick={() => onChange('ViewBy6')}
      >
        <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          {[2.5, 8, 13.5].map((x) =>
            [2.5, 11].map((y) => (
              <rect key={`${x}-${y}`} x={x} y={y} width="4" height="6.5" fill="none" stroke="currentColor" />
            )),
          )}
        </svg>
      </button>
    </div>
  );
}
