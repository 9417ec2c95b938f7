import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { GridView } from '../listing-url';
import './grid-view-toggle.css';

/** Grid density: large tiles (3 per row on desktop, 1 on phones) or small ones (6, and 2 on phones). */
export function GridViewToggle({ value, onChange }: { value: GridView; onChange: (view: GridView) => void }) {
  const { t } = useTranslation('catalog');
  return (
    <ToggleButtonGroup
      className="grid-view-toggle"
      aria-label={t('grid.label')}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[value]}
      onSelectionChange={(keys: Set<Key>) => {
        const [next] = [...keys];
        if (next) onChange(next as GridView);
      }}
    >
      <ToggleButton id="ViewBy3" className="grid-view-toggle__button" aria-label={t('grid.large')}>
        <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <rect x="2.5" y="2.5" width="6" height="15" fill="none" stroke="currentColor" />
          <rect x="11.5" y="2.5" width="6" height="15" fill="none" stroke="currentColor" />
        </svg>
      </ToggleButton>
      <ToggleButton id="ViewBy6" className="grid-view-toggle__button" aria-label={t('grid.small')}>
        <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          {[2.5, 8, 13.5].map((x) => [2.5, 11].map((y) => <rect key={`${x}-${y}`} x={x} y={y} width="4" height="6.5" fill="none" stroke="currentColor" />))}
        </svg>
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
