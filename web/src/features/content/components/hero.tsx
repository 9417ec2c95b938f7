import type { Schemas } from '../../../lib/api-client';
import { CmsLink } from './cms-link';
import { ResponsiveImage } from './responsive-image';

/**
 * The opening image of a page: full-bleed, the house's statement and at most two calls to action. The
 * header floats over it in its light variant (the shell reads `transparentOnTop`). The video, when set,
 * needs the Brightcove player: the image is its poster and stays when the player is not available.
 */
export function Hero({
  component,
  isPageTitle = false,
}: {
  component: Schemas['CmsHeroComponent'];
  isPageTitle?: boolean;
}) {
  const { eyebrow, title, subtitle, media, links, height, theme } = component;
  const Title = isPageTitle ? 'h1' : 'h2';
  return (
    <section
      className={`cms-hero cms-hero--${height}`}
      data-theme={theme === 'light' ? 'light' : 'dark'}
      data-cms-hero=""
    >
      <ResponsiveImage image={media} className="cms-hero__media" priority={isPageTitle} />
      <div className="cms-hero__text">
        {eyebrow && <p className="cms-hero__eyebrow">{eyebrow}</p>}
        <Title className="cms-hero__title">{title}</Title>
        {subtitle && <p className="cms-hero__subtitle">{subtitle}</p>}
        {links.length > 0 && (
          <ul className="cms-ctas" role="list">
            {links.map((l, i) => (
              <li key={`${l.label}-${i}`}>
                <CmsLink link={l} className="cms-cta" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
