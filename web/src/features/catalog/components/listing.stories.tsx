import type { Story } from '@ladle/react';
import { useState } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import type { FilterSelection } from '../../../lib/paths';
import { catalog, StoryShell, tileOf } from '../../../stories/story-kit';
import { WithCatalogStrings } from '../../../stories/catalog-strings';
import { storyFilters } from '../catalog-story-data';
import type { FacetsQuery } from '../api/catalog-queries';
import type { GridView } from '../listing-url';
import { FilterChips } from './filter-chips';
import { FilterDrawer } from './filter-drawer';
import { FilterPanel } from './filter-panel';
import { GridViewToggle } from './grid-view-toggle';
import { ListingPager } from './listing-pager';
import { ProductListing } from './product-listing';

export default { title: 'Catalog / Listing' };

const Shell = ({ children }: { children: React.ReactNode }) => (
  <StoryShell queryClient={new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })}>
    <WithCatalogStrings>{children}</WithCatalogStrings>
  </StoryShell>
);

// The stories have no server: every selection answers the same filters, with a made-up count.
const storyFacets = (filters: string): FacetsQuery => ({
  queryKey: ['story-facets', filters],
  queryFn: async () => ({ filters: storyFilters(), total: Math.max(0, 48 - filters.length * 3) }),
});

export const Drawer: Story = () => {
  const [open, setOpen] = useState(true);
  const [draft, setDraft] = useState<FilterSelection>({ color: ['black'] });
  return (
    <Shell>
      <Button onPress={() => setOpen(true)}>Filtrer</Button>
      <FilterDrawer
        isOpen={open}
        onOpenChange={setOpen}
        filters={storyFilters(draft)}
        total={31}
        draft={draft}
        onDraftChange={setDraft}
        onApply={() => setOpen(false)}
      />
    </Shell>
  );
};

export const Panel: Story = () => {
  const [selection, setSelection] = useState<FilterSelection>({ size: ['38'], price: ['500-3000'] });
  return (
    <Shell>
      <div style={{ maxWidth: 420 }}>
        <FilterPanel filters={storyFilters(selection)} selection={selection} onChange={setSelection} />
        <pre style={{ fontSize: 12 }}>{JSON.stringify(selection)}</pre>
      </div>
    </Shell>
  );
};

export const Chips: Story = () => {
  const [selection, setSelection] = useState<FilterSelection>({
    color: ['black', 'beige'],
    size: ['38'],
    instock: ['true'],
    price: ['500-1500'],
  });
  return (
    <Shell>
      <FilterChips
        selection={selection}
        filters={storyFilters()}
        onRemove={(key, value) => setSelection((s) => ({ ...s, [key]: (s[key] ?? []).filter((v) => v !== value) }))}
        onClearAll={() => setSelection({})}
      />
    </Shell>
  );
};

export const GridToggle: Story = () => {
  const [view, setView] = useState<GridView>('ViewBy3');
  return (
    <Shell>
      <GridViewToggle value={view} onChange={setView} /> <span>{view}</span>
    </Shell>
  );
};

export const Pager: Story = () => (
  <Shell>
    <ListingPager
      firstPage={1}
      lastPage={2}
      pageCount={5}
      shown={48}
      total={113}
      hrefFor={(p) => `?page=${p}`}
      isLoading={false}
      infinite={false}
      onLoadMore={() => {}}
    />
    <ListingPager
      firstPage={3}
      lastPage={3}
      pageCount={5}
      shown={72}
      total={113}
      hrefFor={(p) => `?page=${p}`}
      isLoading
      infinite={false}
      onLoadMore={() => {}}
    />
  </Shell>
);

const tiles = catalog.products.slice(0, 24).map((p) => tileOf(p));

export const Listing: Story = () => (
  <Shell>
    <ProductListing
      label="Sacs"
      basePath="/fr-fr/ca/women-bags"
      products={tiles}
      total={113}
      page={1}
      pageSize={24}
      pageCount={5}
      sort="recommended"
      appliedFilters="color:black"
      filters={storyFilters({ color: ['black'] })}
      facetsQuery={storyFacets}
    />
  </Shell>
);

export const NothingMatches: Story = () => (
  <Shell>
    <ProductListing
      label="Sacs"
      basePath="/fr-fr/ca/women-bags"
      products={[]}
      total={0}
      page={1}
      pageSize={24}
      pageCount={0}
      sort="recommended"
      appliedFilters="color:gold,size:41"
      filters={storyFilters({ color: ['gold'], size: ['41'] })}
      facetsQuery={storyFacets}
    />
  </Shell>
);
