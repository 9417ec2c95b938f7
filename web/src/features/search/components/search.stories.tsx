import type { Story } from '@ladle/react';
import { useState } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import type { Schemas } from '../../../lib/api-client';
import { catalog, StoryShell, tileOf } from '../../../stories/story-kit';
import { WithCatalogStrings } from '../../../stories/catalog-strings';
import { autocompleteQuery, trendingQuery } from '../api/search-queries';
import { SearchNoResults } from './search-no-results';
import { SearchOverlay } from './search-overlay';
import { SearchPageHeader } from './search-page-header';

export default { title: 'Search' };

const market: Schemas['Market'] = {
  locale: 'fr-fr',
  language: 'fr',
  country: 'FR',
  currency: 'EUR',
  businessRegion: 'EMEA',
};
const suggestion = (query: string, url = `/search?q=${encodeURIComponent(query)}`): Schemas['SearchSuggestion'] => ({
  query,
  url,
});
const trending: Schemas['TrendingSearches'] = {
  market,
  queries: ['Sac de jour', 'Le 5 à 7', 'Opyum', 'Cassandre', 'Escarpins'].map((q) => suggestion(q)),
  products: catalog.products.slice(0, 4).map((p) => tileOf(p)),
};
const bags = catalog.products.filter((p) => /sac/i.test(p.names.fr)).slice(0, 6);

// The stories have no server: the drawer reads answers put in the query cache beforehand.
function withAnswers() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(trendingQuery('fr-fr').queryKey, trending);
  client.setQueryData(autocompleteQuery('fr-fr', 'sac').queryKey, {
    market,
    query: 'sac',
    indexName: 'products_fr_eu',
    products: bags.map((p) => tileOf(p)),
    totalNrOfProducts: 42,
    page: 1,
    pageSize: 6,
    pageCount: 7,
    sort: 'recommended',
    appliedFilters: '',
    filters: [],
    suggestions: [suggestion('Femme Sacs', '/ca/women-bags'), suggestion('Homme Sacs', '/ca/men-bags')],
    defaultGridView: 'ViewBy3',
  } as unknown as Schemas['SearchResult']);
  return client;
}

export const Overlay: Story = () => {
  const [open, setOpen] = useState(true);
  return (
    <StoryShell queryClient={withAnswers()}>
      <WithCatalogStrings>
        <Button onPress={() => setOpen(true)}>Rechercher</Button>
        <p>Type “sac” to see suggestions and products.</p>
        <SearchOverlay isOpen={open} onOpenChange={setOpen} />
      </WithCatalogStrings>
    </StoryShell>
  );
};

export const PageHeader: Story = () => (
  <StoryShell>
    <WithCatalogStrings>
      <SearchPageHeader query="sac de jour" />
    </WithCatalogStrings>
  </StoryShell>
);

export const NoResults: Story = () => (
  <StoryShell>
    <WithCatalogStrings>
      <SearchNoResults
        query="sac de jur"
        suggestions={[suggestion('sac de jour'), suggestion('sac à main')]}
        trending={trending}
        renderProducts={(products) => (
          <ul
            style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 16, listStyle: 'none', padding: 0 }}
          >
            {products.map((p) => (
              <li key={p.id}>
                <img src={p.image.src} alt={p.image.alt} style={{ width: '100%' }} />
                <div style={{ fontSize: 12 }}>{p.name}</div>
              </li>
            ))}
          </ul>
        )}
      />
    </WithCatalogStrings>
  </StoryShell>
);
