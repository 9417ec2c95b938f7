import { useTranslation } from '../../../lib/i18n-react';
import { useMarket } from '../../../lib/market-context';
import {
  formatCalendarDate,
  formatPeriods,
  formatTime,
  todayState,
  weekRows,
  weekdayName,
  type Store,
} from '../store-model';

/** One line about today: open until…, or when the boutique opens next (its own time zone). Empty until hydrated. */
export function TodayHours({ store, now }: { store: Store; now: Date | null }) {
  const { t } = useTranslation('stores');
  const { locale } = useMarket();
  if (!now) return <p className="store-today" aria-hidden="true" />;
  const state = todayState(store, now);
  let text: string;
  if (state.kind === 'open') text = t('store.openUntil', { time: formatTime(state.closes, locale) });
  else if (state.opens && state.opens.date === state.today)
    text = t('store.opensToday', { time: formatTime(state.opens.time, locale) });
  else if (state.opens)
    text = t('store.opensOn', {
      day: formatCalendarDate(state.opens.date, locale, { weekday: 'long' }),
      time: formatTime(state.opens.time, locale),
    });
  else text = t('store.closedToday');
  return (
    <p className="store-today" data-open={state.kind === 'open' ? 'true' : 'false'}>
      <span className="store-today__dot" aria-hidden="true" />
      {text}
    </p>
  );
}

/** The week's hours (Monday first, today marked once known) and the exceptional hours of the coming weeks. */
export function OpeningHours({ store, now, headingId }: { store: Store; now: Date | null; headingId: string }) {
  const { t } = useTranslation('stores');
  const { locale } = useMarket();
  const today = now ? todayState(store, now).date : null;
  const rows = weekRows(store, today);
  const special = store.specialHours ?? [];
  return (
    <section className="store-hours" aria-labelledby={headingId}>
      <h2 id={headingId} className="store-section-title">
        {t('detail.hours')}
      </h2>
      <table className="store-hours__week">
        <caption className="ui-visually-hidden">{t('detail.localTime')}</caption>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.dayOfWeek}
              data-today={r.isToday ? 'true' : undefined}
              aria-current={r.isToday ? 'date' : undefined}
            >
              <th scope="row">
                {weekdayName(r.dayOfWeek, locale)}
                {r.isToday && <span className="store-hours__today">{t('store.today')}</span>}
              </th>
              <td>{r.periods.length ? formatPeriods(r.periods, locale) : t('store.closed')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {special.length > 0 && (
        <div className="store-hours__special">
          <h3 className="store-hours__special-title">{t('detail.specialHours')}</h3>
          <dl>
            {special.map((h) => (
              <div key={h.date} className="store-hours__special-row">
                <dt>
                  {formatCalendarDate(h.date, locale, { weekday: 'short', day: 'numeric', month: 'long' })}
                  {h.label && <span className="store-hours__label">{h.label}</span>}
                </dt>
                <dd>{h.periods.length ? formatPeriods(h.periods, locale) : t('store.closed')}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <p className="store-hours__note">{t('detail.localTime')}</p>
    </section>
  );
}
