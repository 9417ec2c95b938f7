import type { Schemas } from '../../../lib/api-client';
import { CmsLink } from './cms-link';
import { Heading } from './content-context';
import { SnapCarousel } from './snap-carousel';

/**
 * Slides the shopper moves through (never automatically). The first two pictures load at once when the carousel
 * opens the page (`firstScreen`), the others as the shopper comes near them.
 */
export function Carousel({
  component,
  firstScreen = false,
}: {
  component: Schemas['CmsCarouselComponent'];
  firstScreen?: boolean;
}) {
  const { title, slides } = component;
  const label = title ?? slides[0]?.title ?? '';
  return (
    <SnapCarousel
      className="cms-carousel"
      label={label}
      title={title ? <Heading className="cms-section-title">{title}</Heading> : undefined}
      slides={slides.map((s, i) => {
        const body = (
          <>
            <img
              className="cms-carousel__image"
              src={s.image.src}
              alt={s.image.alt}
              width={s.image.width}
              height={s.image.height}
              loading={firstScreen && i < 2 ? 'eager' : 'lazy'}
              decoding="async"
            />
            <p className="cms-carousel__title">{s.title}</p>
            {s.subtitle && <p className="cms-carousel__subtitle">{s.subtitle}</p>}
          </>
        );
        return s.link && s.link.kind !== 'action' ? (
          <CmsLink link={s.link} className="cms-carousel__link">
            {body}
          </CmsLink>
        ) : (
          body
        );
      })}
    />
  );
}
