import type { Schemas } from '../../lib/api-client';
import { Breadcrumbs } from '../../features/navigation/components/breadcrumbs';
import { ContentRenderer, opensWithHero } from '../../features/content';
import './content-routes.css';

/** A page made of CMS components: content pages, the catch-all `/{slug}` and "rive droite" content pages. */
export function ContentPageRoute({ data }: { data: Schemas['ContentPageData'] }) {
  const { content } = data;
  const hero = opensWithHero(content.components);
  return (
    <article className={`content-page${hero ? ' content-page--hero' : ''}`}>
      {!hero && (
        <header className="content-page__header">
          <Breadcrumbs items={content.breadcrumbs.slice(0, -1)} />
          <h1 className="content-page__title">{content.title}</h1>
        </header>
      )}
      <ContentRenderer components={content.components} heroIsPageTitle={hero} />
    </article>
  );
}
