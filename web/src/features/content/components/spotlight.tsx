import type { Schemas } from '../../../lib/api-client';
import { CmsLink } from './cms-link';
import { Heading } from './content-context';
import { ResponsiveImage } from './responsive-image';

/** A full-width image among other sections, with its title and calls to action. */
export function Spotlight({ component }: { component: Schemas['CmsSpotlightComponent'] }) {
  const { title, subtitle, media, links, textPosition, theme } = component;
  return (
    <section
      className={`cms-spotlight cms-spotlight--${textPosition}`}
      data-theme={theme === 'dark' ? 'dark' : 'light'}
    >
      <ResponsiveImage image={media} className="cms-spotlight__media" decorative />
      <div className="cms-spotlight__text">
        <Heading className="cms-spotlight__title">{title}</Heading>
        {subtitle && <p className="cms-spotlight__subtitle">{subtitle}</p>}
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
