import { useTranslation } from '../../../lib/i18n-react';
import { Button } from '../../../components/ui/button';
import { Drawer } from '../../../components/ui/drawer';
import type { FilterSelection } from '../../../lib/paths';
import type { Filter } from '../api/catalog-queries';
import { countSelected } from '../listing-url';
import { FilterPanel } from './filter-panel';
import './filter-drawer.css';

export interface FilterDrawerProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The filters computed for the draft selection. */
  filters: Filter[];
  /** Results the draft selection leaves; null while unknown. */
  total: number | null;
  isUpdating?: boolean;
  draft: FilterSelection;
  onDraftChange: (draft: FilterSelection) => void;
  onApply: () => void;
}

/**
 * The filter drawer (spec §2 "filter" modal): the shopper composes a selection, watching the count of
 * results it leaves, then shows them. Escape or the close button leaves the listing as it was.
 */
export function FilterDrawer({
  isOpen,
  onOpenChange,
  filters,
  total,
  isUpdating = false,
  draft,
  onDraftChange,
  onApply,
}: FilterDrawerProps) {
  const { t } = useTranslation('catalog');
  const { t: tc } = useTranslation();
  const selected = countSelected(draft);
  return (
    <Drawer
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={selected ? t('filters.titleWithCount', { count: selected }) : t('filters.title')}
      closeLabel={tc('close')}
      className="filter-drawer"
      footer={
        <div className="filter-drawer__actions">
          <Button variant="secondary" onPress={() => onDraftChange({})} isDisabled={selected === 0}>
            {t('filters.clearAll')}
          </Button>
          <Button
            variant="primary"
            onPress={onApply}
            isPending={isUpdating && total === null}
            pendingLabel={tc('loading')}
            data-testid="filters-apply"
          >
            {total === null ? t('filters.showResultsUnknown') : t('filters.showResults', { count: total })}
          </Button>
        </div>
      }
    >
      <FilterPanel filters={filters} selection={draft} onChange={onDraftChange} isUpdating={isUpdating} />
      <p className="filter-drawer__status" role="status" aria-live="polite">
        {total !== null && !isUpdating ? t('filters.results', { count: total }) : ''}
      </p>
    </Drawer>
  );
}
