import './content.css';
import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import type { Schemas } from '../../../lib/api-client';
import { formatDateRange } from '../../../lib/format';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { CmsLink } from './cms-link';

/** Dates of an event in the market's language, in Paris time (where the boutique is). */
export function eventDates(card: Pick<Schemas['Event'], 'startDate' | 'endDate'>, locale: string): string {
  return formatDateRange(
    card.startDate,
    card.endDate,
    locale,
    { day: 'numeric', month: 'long', year: 'numeric' },
    'Europe/Paris',
  );
}

/** One event of the "rive droite" calendar: image, theme, title, dates and place, booking link. */
export function CalendarCard({ card, headingLevel = 3 }: { card: Schemas['CalendarCard']; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('content');
  const { locale } = useMarket();
  const localize = useLocalizePath();
  const H = `h${headingLevel}` as 'h3';
  return (
    <article className={`calendar-card${card.featured ? ' calendar-card--featured' : ''}`} data-testid="calendar-card">
      <img
        className="calendar-card__image"
        src={card.image.src}
        alt={card.image.alt}
        width={card.image.width}
        height={card.image.height}
        loading="lazy"
        decoding="async"
      />
      <p className="calendar-card__meta">
        {card.isCurrent && <span className="calendar-card__now">{t('calendar.nowOn')}</span>}
        <span>{card.theme.label}</span>
      </p>
      <H className="calendar-card__title">
        <Link to={localize(card.url)}>{card.title}</Link>
      </H>
      <p className="calendar-card__dates">{eventDates(card, locale)}</p>
      <p className="calendar-card__place">
        {card.location.label}, {card.location.city}
      </p>
      <p className="calendar-card__summary">{card.summary}</p>
      {card.booking && <CmsLink link={card.booking} className="cms-cta" />}
    </article>
  );
}
