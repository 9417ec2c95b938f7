import type { Schemas } from '../../lib/api-client';
import { ContentRenderer } from '../../features/content';
import { CategoryRoute } from './category-route';

/** A category of the "rive droite" boutique: its editorial content, then the category listing. */
export function RiveDroiteCategoryRoute({ data }: { data: Schemas['RiveDroiteCategoryPageData'] }) {
  return (
    <>
      <CategoryRoute data={data as unknown as Schemas['CategoryPageData']} />
      {data.content && data.content.components.length > 0 && <ContentRenderer components={data.content.components} />}
    </>
  );
}
