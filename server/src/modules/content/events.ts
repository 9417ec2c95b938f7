// "Rive droite" events: the calendars (by event type, with their theme and location filters), one page of
// events, and the running and next events of every calendar.
import type { Schemas } from '../../shared/http.ts';
import { perLanguage } from '../../locales/index.ts';
import { toMarketDto, type Market } from '../markets/index.ts';
import { listEvents, type EventRow } from './repository.ts';
import type { ContentKit } from './content-kit.ts';

type EventDto = Schemas['Event'];
type Filter = Schemas['Filter'];

export interface EventQuery {
  themes?: string[] | undefined;
  locations?: string[] | undefined;
  eventType?: string | undefined;
  /** Also the events that have ended (a calendar page's "past" tab), after the others, most recent first. */
  includePast?: boolean;
}

const EVENT_PAGE_SIZE = 24;

/** The labels of a calendar's filters: `filters` of content.json in server/src/locales/<language>/. */
const FILTER_LABELS = perLanguage((t) => t.content.filters);

/** The filter string of the calendar (`themes:a|b,locations:c`), empty without filters. */
export function filterString(q: EventQuery): string {
  const parts: string[] = [];
  if (q.themes?.length) parts.push(`themes:${q.themes.join('|')}`);
  if (q.locations?.length) parts.push(`locations:${q.locations.join('|')}`);
  return parts.join(',');
}

const singular = (slug: string) => (slug.endsWith('s') ? slug.slice(0, -1) : slug);

function eventData(kit: ContentKit, market: Market) {
  return kit.cached(`events|${market.locale}`, () => listEvents(kit.db, kit.brand, kit.languageOf(market)));
}

/** Calendar slug → event type: `exhibitions` shows the events of type `exhibition`. */
function calendarOf(slug: string, types: Set<string>): string | undefined {
  if (types.has(slug)) return slug;
  if (types.has(singular(slug))) return singular(slug);
  return undefined;
}

/** The calendar page (slug) of an event type: the calendar page that shows it, else the plural. */
async function calendarSlugs(kit: ContentKit, market: Market, types: Set<string>): Promise<Map<string, string>> {
  const calendars = await kit.pagesOf(market, (p) => p.page_url.startsWith('/rive-droite/calendar/'));
  const map = new Map<string, string>();
  for (const p of calendars) {
    const slug = p.page_url.slice('/rive-droite/calendar/'.length);
    const type = calendarOf(slug, types);
    if (type && !map.has(type)) map.set(type, slug);
  }
  for (const t of types) if (!map.has(t)) map.set(t, `${t}s`);
  return map;
}

/**
 * Events as calendar cards: running first, then soonest first; with `includePast`, the events that
 * have ended follow, most recent first.
 */
async function eventCards(
  kit: ContentKit,
  market: Market,
  now: Date,
  includePast = false,
): Promise<{ cards: (Schemas['CalendarCard'] & { _row: EventRow })[]; types: Set<string> }> {
  const { events, themes, locations } = await eventData(kit, market);
  const types = new Set(events.map((e) => e.event_type));
  const slugs = await calendarSlugs(kit, market, types);
  const themeById = new Map(themes.map((t) => [t.id, t]));
  const locationById = new Map(locations.map((l) => [l.id, l]));
  const t = now.getTime();
  const live = events.filter((e) => new Date(e.end_at).getTime() > t);
  const isCurrent = (e: EventRow) => new Date(e.start_at).getTime() <= t && new Date(e.end_at).getTime() > t;
  const past = includePast
    ? events
        .filter((e) => new Date(e.end_at).getTime() <= t)
        .sort((a, b) => new Date(b.end_at).getTime() - new Date(a.end_at).getTime())
    : [];
  const sorted = [...live.filter(isCurrent), ...live.filter((e) => !isCurrent(e)), ...past];
  const cards = sorted.map((e, i) => {
    const theme = themeById.get(e.theme_id);
    const location = locationById.get(e.location_id);
    const card: Schemas['CalendarCard'] & { _row: EventRow } = {
      id: e.id,
      slug: e.slug,
      title: e.title,
      summary: e.summary,
      theme: { id: e.theme_id, label: theme?.label ?? e.theme_id },
      location: {
        id: e.location_id,
        label: location?.label ?? e.location_id,
        city: location?.city ?? '',
        address: location?.address ?? '',
      },
      startDate: new Date(e.start_at).toISOString(),
      endDate: new Date(e.end_at).toISOString(),
      image: { width: 1600, height: 900, ...e.image },
      url: `/rive-droite/calendar/${slugs.get(e.event_type) ?? e.event_type}#${e.slug}`,
      isCurrent: isCurrent(e),
      eventType: e.event_type,
      booking: (e.booking as Schemas['CmsLink'] | null) ?? null,
      position: i + 1,
      featured: e.featured,
      _row: e,
    };
    return card;
  });
  return { cards, types };
}

/** The event type a calendar slug shows, or undefined when there is no such calendar in the market. */
export async function calendarType(kit: ContentKit, market: Market, slug: string): Promise<string | undefined> {
  const { events } = await eventData(kit, market);
  const type = calendarOf(slug, new Set(events.map((e) => e.event_type)));
  if (type) return type;
  const page = await kit.findPage(market, { url: `/rive-droite/calendar/${slug}` });
  return page && /^[a-z0-9-]{1,40}$/.test(singular(slug)) ? singular(slug) : undefined;
}

/**
 * Events of a calendar (every calendar without `eventType`) with the theme and location filters;
 * each filter value counts the events it would leave with the other filter applied.
 */
export async function calendar(kit: ContentKit, market: Market, q: EventQuery, now = new Date()) {
  const language = kit.languageOf(market);
  const { themes, locations } = await eventData(kit, market);
  const { cards: all } = await eventCards(kit, market, now, q.includePast === true);
  const inScope = all.filter((c) => !q.eventType || c.eventType === q.eventType);
  const themeOk = (c: (typeof all)[number]) => !q.themes?.length || q.themes.includes(c.theme.id);
  const locationOk = (c: (typeof all)[number]) => !q.locations?.length || q.locations.includes(c.location.id);
  const matching = inScope
    .filter((c) => themeOk(c) && locationOk(c))
    .map(({ _row, ...card }, i) => ({ ...card, position: i + 1 }));
  const facet = (
    key: 'eventTheme' | 'eventLocation',
    urlName: 'themes' | 'locations',
    options: { id: string; label: string }[],
    selected: string[] | undefined,
    idOf: (c: (typeof all)[number]) => string,
    other: (c: (typeof all)[number]) => boolean,
  ): Filter => ({
    key,
    urlName,
    label: FILTER_LABELS[language][urlName],
    selectionType: 'multiple',
    values: options
      .filter((o) => inScope.some((c) => idOf(c) === o.id))
      .map((o) => ({
        value: o.id,
        label: o.label,
        count: inScope.filter((c) => idOf(c) === o.id && other(c)).length,
        selected: selected?.includes(o.id) ?? false,
      })),
  });
  const filters = [
    facet('eventTheme', 'themes', themes, q.themes, (c) => c.theme.id, locationOk),
    facet('eventLocation', 'locations', locations, q.locations, (c) => c.location.id, themeOk),
  ];
  return {
    cards: matching,
    hasCurrentEvents: inScope.some((c) => c.isCurrent),
    filters,
    appliedFilters: filterString(q),
  };
}

/** `getEvents`. */
export function events(
  kit: ContentKit,
  market: Market,
  q: EventQuery & { page?: number | undefined },
): Promise<Schemas['EventList']> {
  const key = [
    'ev',
    market.locale,
    q.eventType ?? '',
    q.themes?.join(',') ?? '',
    q.locations?.join(',') ?? '',
    q.page ?? 1,
  ].join('|');
  return kit.cached(key, async () => {
    const c = await calendar(kit, market, q);
    const page = q.page ?? 1;
    const events: EventDto[] = c.cards
      .slice((page - 1) * EVENT_PAGE_SIZE, page * EVENT_PAGE_SIZE)
      .map(({ position: _p, featured: _f, ...e }) => e);
    return {
      market: toMarketDto(market),
      events,
      total: c.cards.length,
      hasCurrentEvents: c.hasCurrentEvents,
      eventType: q.eventType ?? null,
      filters: c.filters,
    };
  });
}

/** Running and next events of every calendar, soonest first (the boutique's home). */
export async function upcoming(
  kit: ContentKit,
  market: Market,
  count: number,
): Promise<{ cards: Schemas['CalendarCard'][]; hasCurrentEvents: boolean }> {
  const c = await calendar(kit, market, {});
  return { cards: c.cards.slice(0, count), hasCurrentEvents: c.hasCurrentEvents };
}
