import { useMemo } from 'react';
import { Tab, TabList, TabPanel, Tabs, ToggleButton } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n-react';
import { useNavigate, useSearchParams, useLocation } from '../../lib/router';
import type { Schemas } from '../../lib/api-client';
import { parseFilterString, serializeFilterString, toggleFilter } from '../../lib/paths';
import { Breadcrumbs } from '../../features/navigation/components/breadcrumbs';
import { CalendarCard, ContentRenderer } from '../../features/content';
import './content-routes.css';

type Card = Schemas['CalendarCard'];
type Period = 'now' | 'upcoming' | 'past';

/** Splits the cards into running, coming and past events (the card's `isCurrent` decides "now"). */
export function groupCards(cards: readonly Card[], now: number): Record<Period, Card[]> {
  const groups: Record<Period, Card[]> = { now: [], upcoming: [], past: [] };
  for (const c of cards) {
    if (c.isCurrent) groups.now.push(c);
    else if (new Date(c.endDate).getTime() < now) groups.past.push(c);
    else groups.upcoming.push(c);
  }
  groups.past.reverse();
  return groups;
}

function CardGrid({ cards }: { cards: Card[] }) {
  const { t } = useTranslation('content');
  if (cards.length === 0) return <p className="calendar__empty">{t('calendar.empty')}</p>;
  return (
    <ul role="list" className="calendar-grid">
      {cards.map((c) => (
        <li key={c.id} className={c.featured ? 'calendar-grid__featured' : undefined}>
          {/* Straight under the page's h1: the cards' titles are h2. */}
          <CalendarCard card={c} headingLevel={2} />
        </li>
      ))}
    </ul>
  );
}

/**
 * An event calendar of the "rive droite" boutique: theme and location chips (the URL's `filters` query,
 * so that a filtered calendar can be shared; changing it loads the page data again), then the events by
 * period — it opens on "now" when an event is running.
 */
export function RiveDroiteCalendarRoute({ data }: { data: Schemas['RiveDroiteCalendarPageData'] }) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const selection = parseFilterString(params.get('filters'));
  const groups = useMemo(() => groupCards(data.cards, Date.now()), [data.cards]);
  const defaultTab: Period =
    data.hasCurrentEvents && groups.now.length > 0
      ? 'now'
      : groups.upcoming.length > 0
        ? 'upcoming'
        : groups.now.length > 0
          ? 'now'
          : 'past';
  const facets = data.filters.filter((f) => f.urlName === 'themes' || f.urlName === 'locations');

  const apply = (next: Record<string, string[]>) => {
    const q = new URLSearchParams(params);
    const value = serializeFilterString(next);
    if (value) q.set('filters', value);
    else q.delete('filters');
    const search = q.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { preventScrollReset: true });
  };
  const title = data.content?.title ?? data.meta.title;
  const hasFilters = Object.values(selection).some((v) => v.length > 0);

  return (
    <div className="calendar">
      {data.content && <Breadcrumbs items={data.content.breadcrumbs.slice(0, -1)} />}
      <h1 className="content-page__title">{title}</h1>
      {data.content && <ContentRenderer components={data.content.components} />}
      {facets.length > 0 && (
        <section className="calendar__filters" aria-label={t('calendar.filters')}>
          {facets.map((f) => (
            <div key={f.urlName} className="calendar__facet" role="group" aria-label={f.label}>
              <span className="calendar__facet-label" aria-hidden="true">
                {f.label}
              </span>
              {f.values.map((v) => {
                const selected = (selection[f.urlName] ?? []).includes(v.value);
                return (
                  <ToggleButton
                    key={v.value}
                    className="chip"
                    isSelected={selected}
                    isDisabled={!selected && v.count === 0}
                    onChange={() => apply(toggleFilter(selection, f.urlName, v.value))}
                    data-testid={`filter-${f.urlName}-${v.value}`}
                  >
                    {v.label}
                    <span className="chip__count" aria-hidden="true">
                      {v.count}
                    </span>
                  </ToggleButton>
                );
              })}
            </div>
          ))}
          {hasFilters && (
            <ToggleButton className="chip chip--clear" isSelected={false} onChange={() => apply({})}>
              {t('calendar.clear')}
            </ToggleButton>
          )}
        </section>
      )}
      <p className="calendar__count" role="status">
        {t('calendar.count', { count: data.totalCards })}
      </p>
      <Tabs
        key={`${defaultTab}-${params.get('filters') ?? ''}`}
        defaultSelectedKey={defaultTab}
        className="calendar__tabs"
      >
        <TabList aria-label={t('calendar.periods')} className="calendar__tablist">
          <Tab id="now" className="calendar__tab">
            {t('calendar.now')} <span aria-hidden="true">({groups.now.length})</span>
          </Tab>
          <Tab id="upcoming" className="calendar__tab">
            {t('calendar.upcoming')} <span aria-hidden="true">({groups.upcoming.length})</span>
          </Tab>
          <Tab id="past" className="calendar__tab">
            {t('calendar.past')} <span aria-hidden="true">({groups.past.length})</span>
          </Tab>
        </TabList>
        <TabPanel id="now" className="calendar__panel">
          <CardGrid cards={groups.now} />
        </TabPanel>
        <TabPanel id="upcoming" className="calendar__panel">
          <CardGrid cards={groups.upcoming} />
        </TabPanel>
        <TabPanel id="past" className="calendar__panel">
          <CardGrid cards={groups.past} />
        </TabPanel>
      </Tabs>
    </div>
  );
}
