import { useTranslation } from '../../lib/i18n-react';
import type { Schemas } from '../../lib/api-client';
import { Breadcrumbs } from '../../features/navigation/components/breadcrumbs';
import { ContentRenderer } from '../../features/content';
import './content-routes.css';

/** The FAQ: the subjects as a side navigation (anchors), one accordion per subject. */
export function FaqRoute({ data }: { data: Schemas['FaqPageData'] }) {
  const { t } = useTranslation('content');
  const { content, subjects } = data;
  return (
    <div className="side-layout">
      <Breadcrumbs items={content.breadcrumbs.slice(0, -1)} />
      <h1 className="content-page__title content-page__title--start">{content.title}</h1>
      <div className="side-layout__grid">
        {subjects.length > 0 && (
          <nav className="side-nav side-nav--sticky" aria-label={t('faq.subjects')}>
            <ul role="list">
              {subjects.map((s) => (
                <li key={s.id}>
                  <a className="side-nav__link" href={`#${s.id}`}>
                    {s.label}
                    <span className="side-nav__count" aria-hidden="true">
                      {s.questionCount}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="side-layout__main faq-page">
          <ContentRenderer components={content.components} />
        </div>
      </div>
    </div>
  );
}
