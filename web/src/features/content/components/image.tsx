import type { Schemas } from '../../../lib/api-client';
import { CmsLink } from './cms-link';
import { ResponsiveImage } from './responsive-image';

/** A single responsive image, optionally linked, with its caption. */
export function CmsImage({ component }: { component: Schemas['CmsImageComponent'] }) {
  const picture = <ResponsiveImage image={component.image} className="cms-image__picture" />;
  return (
    <figure className="cms-image">
      {component.link && component.link.kind !== 'action' ? (
        <CmsLink link={component.link}>{picture}</CmsLink>
      ) : (
        picture
      )}
      {component.caption && <figcaption>{component.caption}</figcaption>}
    </figure>
  );
}
