import type { Schemas } from '../../../lib/api-client';
import { CmsLink } from './cms-link';
import { Heading } from './content-context';

/** One card, usually inside a grid: image, title, subtitle; the whole card is the link. */
export function Tile({ component }: { component: Schemas['CmsTileComponent'] }) {
  const { image, title, subtitle, link } = component;
  const body = (
    <>
      <img
        className="cms-tile__image"
        src={image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading="lazy"
        decoding="async"
      />
      <Heading className="cms-tile__title">{title}</Heading>
      {subtitle && <p className="cms-tile__subtitle">{subtitle}</p>}
    </>
  );
  return (
    <article className="cms-tile">
      {link && link.kind !== 'action' ? (
        <CmsLink link={link} className="cms-tile__link">
          {body}
        </CmsLink>
      ) : (
        body
      )}
    </article>
  );
}
