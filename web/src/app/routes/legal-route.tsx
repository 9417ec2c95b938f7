import { useTranslation } from '../../lib/i18n-react';
import type { Schemas } from '../../lib/api-client';
import { Breadcrumbs } from '../../features/navigation/components/breadcrumbs';
import { CmsLink, ContentRenderer } from '../../features/content';
import './content-routes.css';

/** A legal page: the other legal pages in a side navigation, the text beside it. */
export function LegalRoute({ data }: { data: Schemas['ContentPageData'] }) {
  const { t } = useTranslation('content');
  const { content } = data;
  const links = content.navigationLinks ?? [];
  return (
    <div className="side-layout">
      <Breadcrumbs items={content.breadcrumbs.slice(0, -1)} />
      <div className="side-layout__grid">
        {links.length > 0 && (
          <nav className="side-nav" aria-label={t('legal.navigation')}>
            <ul role="list">
              {links.map((l, i) => {
                const current = l.kind === 'internal' && l.href === content.pageUrl;
                return (
                  <li key={`${l.href}-${i}`}>
                    {current ? (
                      <span className="side-nav__current" aria-current="page">
                        {l.label}
                      </span>
                    ) : (
                      <CmsLink link={l} className="side-nav__link" />
                    )}
                  </li>
                );
              })}
            </ul>
          </nav>
        )}
        <article className="side-layout__main legal-page">
          <h1 className="content-page__title content-page__title--start">{content.title}</h1>
          <ContentRenderer components={content.components} />
        </article>
      </div>
    </div>
  );
}
