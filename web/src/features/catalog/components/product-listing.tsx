import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useIsFetching, useQuery, keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n-react';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { NativeSelect } from '../../../components/ui/native-select';
import type { Schemas } from '../../../lib/api-client';
import { parseListingFilters, serializeListingFilters, type FilterSelection } from '../../../lib/paths';
import { useUiFlag } from '../../../lib/ui-store';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import type { FacetsQuery, Filter } from '../api/catalog-queries';
import {
  countSelected,
  listingSearch,
  readListingState,
  SORTS,
  toggleValue,
  withFilters,
  withPage,
  withSort,
  type GridView,
  type ListingState,
  type Sort,
} from '../listing-url';
import { accumulatePages, type PagesOnScreen } from '../listing-pages';
import { useGridView } from '../use-grid-view';
import { FilterChips } from './filter-chips';
import { GridViewToggle } from './grid-view-toggle';
import { ListingPager } from './listing-pager';
import { ProductGrid } from './product-grid';
import './product-listing.css';
import { Button } from '../../../components/ui/button';

// The filter panel loads its code when first opened, not with the listing.
const FilterDrawer = lazy(() => import('./filter-drawer').then((m) => ({ default: m.FilterDrawer })));

export interface ProductListingProps {
  /** Accessible name of the grid (the category's name, or the search). */
  label: string;
  /** The listing's own path in the locale (`/fr-fr/ca/women-bags`, `/fr-fr/search`). */
  basePath: string;
  products: Schemas['ProductTile'][];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  sort: Sort;
  /** The filter string the server applied (normalised); undefined when the data does not say. */
  appliedFilters?: string;
  /** The filters of the applied selection, when the page data carries them. */
  filters?: Filter[];
  /** The filters and count of any selection: the drawer's live counts (and the filters when the data lacks them). */
  facetsQuery: (filters: string) => FacetsQuery;
  defaultView?: GridView;
  onProductClick?: (product: Schemas['ProductTile']) => void;
  /** Shown instead of the grid when nothing matches. */
  empty?: ReactNode;
  /** Whether the listing offers filters (a listing whose page data takes no filters does not). */
  filterable?: boolean;
}

/** The listing's pages on screen, kept across renders (see accumulatePages). */
function useAccumulatedPages(
  key: string,
  page: number,
  products: Schemas['ProductTile'][],
): PagesOnScreen<Schemas['ProductTile']> {
  const [state, setState] = useState(() => ({ source: products, pages: accumulatePages(null, key, page, products) }));
  if (state.source === products && state.pages.key === key) return state.pages;
  const pages = accumulatePages(state.pages, key, page, products);
  setState({ source: products, pages });
  return pages;
}

const sameSelection = (a: FilterSelection, b: FilterSelection) =>
  serializeListingFilters(a) === serializeListingFilters(b);

/**
 * A product listing (category or search): filter drawer with live counts, removable chips, sort menu,
 * grid density, and pages that follow one another — its whole state in the URL.
 */
export function ProductListing({
  label,
  basePath,
  products,
  total,
  page,
  pageSize,
  pageCount,
  sort,
  appliedFilters,
  filters: filtersFromData,
  facetsQuery,
  defaultView = 'ViewBy3',
  onProductClick,
  empty,
  filterable = true,
}: ProductListingProps) {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const wanted = readListingState(params);
  const applied: FilterSelection = appliedFilters !== undefined ? parseListingFilters(appliedFilters) : wanted.filters;
  const appliedString = serializeListingFilters(applied);
  const shown: ListingState = { filters: applied, sort, page };
  const [view, setView] = useGridView(defaultView);
  const [infiniteOff] = useUiFlag('infiniteScrollDisabled');

  const listKey = `${basePath}|${params.get('q') ?? ''}|${appliedString}|${sort}`;
  const acc = useAccumulatedPages(listKey, page, products);
  // The URL runs ahead of the data while the next page, sort or filters load. (Once loaded, the URL may
  // still differ — the server drops unknown values — so only a page being fetched counts.)
  const fetchingPage = useIsFetching({ queryKey: ['page'] }) > 0;
  const switching = fetchingPage && (!sameSelection(wanted.filters, applied) || wanted.sort !== sort);
  const loadingMore = fetchingPage && !switching && wanted.page > acc.last;

  const hrefOf = (state: ListingState) => `${basePath}${listingSearch(state, params)}`;
  const go = (state: ListingState, options?: { replace?: boolean }) =>
    void navigate(hrefOf(state), { replace: options?.replace ?? false, preventScrollReset: options?.replace ?? false });

  // Filters of the applied selection: from the page data, or asked for once interactive.
  const appliedFacets = useQuery({
    ...facetsQuery(appliedString),
    enabled: filterable && filtersFromData === undefined,
  });
  const filters = filtersFromData ?? appliedFacets.data?.filters ?? [];

  // The drawer edits a draft; its counts follow the draft.
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerOpened = useOpenedOnce(drawerOpen);
  const [draft, setDraft] = useState<FilterSelection>(applied);
  const draftString = serializeListingFilters(draft);
  const draftFacets = useQuery({
    ...facetsQuery(draftString),
    enabled: drawerOpen && draftString !== appliedString,
    placeholderData: keepPreviousData,
  });
  const draftIsApplied = draftString === appliedString;
  const drawerFilters = draftIsApplied ? filters : (draftFacets.data?.filters ?? filters);
  const drawerTotal = draftIsApplied
    ? total
    : draftFacets.isPlaceholderData || !draftFacets.data
      ? null
      : draftFacets.data.total;
  useEffect(() => {
    if (drawerOpen) setDraft(applied);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the draft restarts from the applied filters when the drawer opens, not each time they change under it
  }, [drawerOpen]);

  // Another listing (filters, sort) starts at its top when the shopper was further down.
  const top = useRef<HTMLDivElement>(null);
  const shownKey = useRef(listKey);
  useEffect(() => {
    if (shownKey.current === listKey) return;
    shownKey.current = listKey;
    const el = top.current;
    if (el && el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: 'start' });
  }, [listKey]);

  const selectedCount = countSelected(applied);
  const hasFilters =
    (filterable && filters.some((f) => f.selectionType === 'range' || f.values.length > 0)) || selectedCount > 0;

  return (
    <div className="product-listing" data-testid="product-listing" ref={top}>
      {(total > 0 || selectedCount > 0) && (
        <div className="product-listing__toolbar">
          <div className="product-listing__start">
            {hasFilters && (
              <button
                type="button"
                className="product-listing__filter-button"
                onClick={() => setDrawerOpen(true)}
                aria-haspopup="dialog"
                data-testid="open-filters"
              >
                <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                  <path d="M3 6h14M3 14h14" stroke="currentColor" fill="none" />
                  <circle cx="7" cy="6" r="2" fill="var(--color-bg)" stroke="currentColor" />
                  <circle cx="13" cy="14" r="2" fill="var(--color-bg)" stroke="currentColor" />
                </svg>
                {selectedCount > 0 ? t('filters.buttonWithCount', { count: selectedCount }) : t('filters.button')}
              </button>
            )}
            <p className="product-listing__count" data-testid="total-products" aria-live="polite">
              {t('results', { count: total })}
            </p>
          </div>
          <div className="product-listing__end">
            <NativeSelect<Sort>
              label={t('sort.label')}
              options={SORTS.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
              value={wanted.sort}
              onChange={(next) => go(withSort(shown, next))}
            />
            <GridViewToggle value={view} onChange={setView} />
          </div>
        </div>
      )}
      <FilterChips
        selection={applied}
        filters={filters}
        onRemove={(key, value) => go(withFilters(shown, toggleValue(applied, key, value)))}
        onClearAll={() => go(withFilters(shown, {}))}
      />
      <div
        className="product-listing__results"
        aria-busy={switching || undefined}
        data-switching={switching || undefined}
      >
        {acc.products.length === 0 ? (
          selectedCount === 0 && empty ? (
            empty
          ) : (
            <div className="product-listing__empty">
              <p>{selectedCount > 0 ? t('emptyFiltered') : t('empty')}</p>
              {selectedCount > 0 && (
                <Button variant="tertiary" onPress={() => go(withFilters(shown, {}))}>
                  {t('filters.clearAll')}
                </Button>
              )}
            </div>
          )
        ) : (
          <ProductGrid
            products={acc.products}
            label={label}
            view={view}
            onProductClick={onProductClick}
            eagerCount={view === 'ViewBy6' ? 6 : 3}
            headingLevel={2}
          />
        )}
      </div>
      <ListingPager
        firstPage={acc.first}
        lastPage={acc.last}
        pageCount={pageCount}
        shown={Math.min(total, acc.last * pageSize)}
        total={total}
        hrefFor={(p) => hrefOf(withPage(shown, p))}
        isLoading={loadingMore}
        infinite={!infiniteOff}
        onLoadMore={() => {
          if (!loadingMore && acc.last < pageCount) go(withPage(shown, acc.last + 1), { replace: true });
        }}
      />
      {drawerOpened && (
        <Suspense fallback={null}>
          <FilterDrawer
            isOpen={drawerOpen}
            onOpenChange={setDrawerOpen}
            filters={drawerFilters}
            total={drawerTotal}
            isUpdating={!draftIsApplied && draftFacets.isFetching}
            draft={draft}
            onDraftChange={setDraft}
            onApply={() => {
              setDrawerOpen(false);
              if (!draftIsApplied) go(withFilters(shown, draft));
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
