import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  Autocomplete,
  Button as AriaButton,
  Collection,
  Dialog,
  Header,
  Heading,
  Input,
  Menu,
  MenuItem,
  MenuSection,
  Modal,
  ModalOverlay,
  SearchField,
} from 'react-aria-components';
import { useTranslation } from '../../../lib/i18n-react';
import { useLocation, useNavigate } from '../../../lib/router';
import { PriceTag } from '../../../components/price-tag';
import { Spinner } from '../../../components/ui/spinner';
import type { Schemas } from '../../../lib/api-client';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { useAutocomplete, useTrending } from '../api/search-queries';
import './search-overlay.css';

export interface SearchOverlayProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

type Entry =
  | { id: string; kind: 'query'; label: string; href: string }
  | { id: string; kind: 'product'; product: Schemas['ProductTile']; href: string }
  | { id: string; kind: 'all'; label: string; href: string };
type Section = { id: string; title: string; kind: 'queries' | 'products' | 'all'; items: Entry[] };

export const searchPath = (q: string) => `/search?${new URLSearchParams({ q })}`;

/**
 * The search drawer opened from the header (spec §2 "search" modal): a search field suggesting from the
 * first character (debounced; a newer query cancels the older request), trending searches and products
 * while empty. React Aria Autocomplete: the field keeps focus while ↑/↓ move through the suggestions
 * (aria-activedescendant), Enter opens one or, with none chosen, the results page; Escape closes and
 * focus returns to the header.
 */
export function SearchOverlay({ isOpen, onOpenChange }: SearchOverlayProps) {
  const { t } = useTranslation('catalog');
  const { t: tc } = useTranslation();
  const { locale } = useMarket();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const location = useLocation();
  const [input, setInput] = useState('');
  const typed = input.trim();
  const auto = useAutocomplete(locale, input, isOpen);
  const trending = useTrending(locale, isOpen);

  // Any navigation (a suggestion, a product, the results page) closes the drawer.
  const where = `${location.pathname}${location.search}`;
  const openedAt = useRef(where);
  useEffect(() => {
    if (isOpen && openedAt.current !== where) onOpenChange(false);
    openedAt.current = where;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a navigation closes the drawer; a new onOpenChange from the parent is not one
  }, [where, isOpen]);

  const result = typed && auto.data && auto.q ? auto.data : undefined;
  const sections: Section[] = [];
  if (!typed) {
    const queries = trending.data?.queries ?? [];
    const products = trending.data?.products ?? [];
    if (queries.length)
      sections.push({
        id: 'trending-queries',
        kind: 'queries',
        title: t('search.trendingQueries'),
        items: queries.map((s, i) => ({ id: `tq-${i}`, kind: 'query', label: s.query, href: localize(s.url) })),
      });
    if (products.length)
      sections.push({
        id: 'trending-products',
        kind: 'products',
        title: t('search.trendingProducts'),
        items: products
          .slice(0, 6)
          .map((p) => ({ id: `tp-${p.id}`, kind: 'product', product: p, href: localize(p.url) })),
      });
  } else if (result) {
    if (result.suggestions.length)
      sections.push({
        id: 'suggestions',
        kind: 'queries',
        title: t('search.suggestions'),
        items: result.suggestions
          .slice(0, 5)
          .map((s, i) => ({ id: `s-${i}`, kind: 'query', label: s.query, href: localize(s.url) })),
      });
    if (result.products.length) {
      sections.push({
        id: 'products',
        kind: 'products',
        title: t('search.products'),
        items: result.products.map((p) => ({ id: `p-${p.id}`, kind: 'product', product: p, href: localize(p.url) })),
      });
      sections.push({
        id: 'see-all',
        kind: 'all',
        title: t('search.seeAll', { count: result.totalNrOfProducts }),
        items: [
          {
            id: 'see-all-results',
            kind: 'all',
            label: t('search.seeAll', { count: result.totalNrOfProducts }),
            href: localize(searchPath(typed)),
          },
        ],
      });
    }
  }
  const loading = typed ? auto.isSettling || auto.isFetching : trending.isLoading;
  const noResult = typed !== '' && !!result && result.products.length === 0 && !loading;

  const submit = (value: string) => {
    const q = value.trim();
    if (q) void navigate(localize(searchPath(q)));
  };
  // Escape closes at once, even with text typed (the field would otherwise only clear itself).
  const onKeyDownCapture = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onOpenChange(false);
    }
  };

  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className="search-overlay">
      <Modal className="search-overlay__sheet">
        <Dialog className="search-overlay__dialog" aria-label={t('search.title')} data-testid="search-overlay">
          <div className="search-overlay__inner container" onKeyDownCapture={onKeyDownCapture}>
            <Autocomplete inputValue={input} onInputChange={setInput} disableAutoFocusFirst>
              <div className="search-overlay__bar">
                <form
                  role="search"
                  className="search-overlay__form"
                  action={localize('/search')}
                  method="get"
                  onSubmit={(e) => {
                    e.preventDefault();
                    submit(input);
                  }}
                >
                  <SearchField
                    className="search-field"
                    aria-label={t('search.label')}
                    autoFocus
                    onSubmit={submit}
                    name="q"
                  >
                    <svg className="search-field__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                      <circle cx="10.5" cy="10.5" r="6.5" stroke="currentColor" strokeWidth="1.2" fill="none" />
                      <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="1.2" />
                    </svg>
                    <Input
                      className="search-field__input"
                      placeholder={t('search.placeholder')}
                      data-testid="search-input"
                    />
                    {loading && typed ? (
                      <Spinner size="sm" label={tc('loading')} className="search-field__spinner" />
                    ) : null}
                    <AriaButton className="search-field__clear" aria-label={t('search.clear')}>
                      <svg viewBox="0 0 12 12" aria-hidden="true" focusable="false">
                        <path d="M3 3l6 6M9 3L3 9" stroke="currentColor" strokeWidth="1" fill="none" />
                      </svg>
                    </AriaButton>
                  </SearchField>
                </form>
                <AriaButton className="search-overlay__close" onPress={() => onOpenChange(false)}>
                  {tc('close')}
                </AriaButton>
              </div>
              <div className="search-overlay__body">
                {noResult && (
                  <div className="search-overlay__empty">
                    <Heading level={2} className="search-overlay__empty-title">
                      {t('search.noResultsFor', { query: typed })}
                    </Heading>
                    <p>{t('search.noResultsHint')}</p>
                  </div>
                )}
                {sections.length > 0 && (
                  <Menu
                    className="search-menu"
                    aria-label={t('search.suggestionsLabel')}
                    items={sections}
                    onAction={() => onOpenChange(false)}
                    data-testid="search-suggestions"
                  >
                    {(section) => (
                      <MenuSection
                        id={section.id}
                        className={`search-menu__section search-menu__section--${section.kind}`}
                      >
                        {section.kind !== 'all' && <Header className="search-menu__header">{section.title}</Header>}
                        <Collection items={section.items}>
                          {(entry) =>
                            entry.kind === 'product' ? (
                              <MenuItem
                                id={entry.id}
                                href={entry.href}
                                textValue={entry.product.name}
                                className="search-menu__item search-menu__product"
                                data-testid="search-product"
                              >
                                <img
                                  className="search-menu__image"
                                  src={entry.product.image.src}
                                  alt=""
                                  width={120}
                                  height={150}
                                  loading="lazy"
                                />
                                <span className="search-menu__name">{entry.product.name}</span>
                                <span className="search-menu__price">
                                  <PriceTag price={entry.product.price} size="sm" />
                                </span>
                              </MenuItem>
                            ) : (
                              <MenuItem
                                id={entry.id}
                                href={entry.href}
                                textValue={entry.label}
                                className={`search-menu__item search-menu__${entry.kind}`}
                              >
                                {entry.label}
                              </MenuItem>
                            )
                          }
                        </Collection>
                      </MenuSection>
                    )}
                  </Menu>
                )}
              </div>
            </Autocomplete>
            <p className="search-overlay__status" role="status" aria-live="polite">
              {result && !loading ? t('search.resultsAnnounce', { count: result.totalNrOfProducts }) : ''}
            </p>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
