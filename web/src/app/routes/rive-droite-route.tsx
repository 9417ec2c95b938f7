import { useTranslation } from '../../lib/i18n-react';
import { Link } from '../../lib/router';
import type { Schemas } from '../../lib/api-client';
import { useLocalizePath } from '../../lib/market-context';
import { CalendarCard, ContentRenderer, opensWithHero } from '../../features/content';
import './content-routes.css';

/** Home of the "rive droite" boutique: its content, its categories and the next events. */
export function RiveDroiteRoute({ data }: { data: Schemas['RiveDroitePageData'] }) {
  const { t } = useTranslation('content');
  const localize = useLocalizePath();
  const { content, categories, upcomingEvents } = data;
  const hero = opensWithHero(content.components);
  // The boutique's departments (women, men, gifts); their sub-categories are on each department's page.
  const topCategories = categories.filter((c) => c.level === 1);
  return (
    <article className={`content-page rd-home${hero ? ' content-page--hero' : ''}`}>
      {!hero && <h1 className="content-page__title">{content.title}</h1>}
      <ContentRenderer components={content.components} heroIsPageTitle={hero} />
      {topCategories.length > 0 && (
        <nav className="rd-home__categories" aria-label={t('riveDroite.categories')}>
          <ul role="list">
            {topCategories.map((c) => (
              <li key={c.id}>
                <Link to={localize(c.url)}>{c.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {upcomingEvents.length > 0 && (
        <section className="rd-home__events" aria-labelledby="rd-events">
          <h2 id="rd-events" className="cms-section-title">
            {t('riveDroite.upcoming')}
          </h2>
          <ul role="list" className="calendar-grid">
            {upcomingEvents.map((e) => (
              <li key={e.id} className={e.featured ? 'calendar-grid__featured' : undefined}>
                <CalendarCard card={e} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
