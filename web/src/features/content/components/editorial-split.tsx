import type { Schemas } from '../../../lib/api-client';
import { CmsLink } from './cms-link';
import { Heading } from './content-context';
import { ResponsiveImage } from './responsive-image';

/** An image beside a text: side by side on desktop (image left or right), image first on a phone. */
export function EditorialSplit({ component }: { component: Schemas['CmsEditorialSplitComponent'] }) {
  const { image, imagePosition, eyebrow, title, html, links } = component;
  return (
    <section className={`cms-split cms-split--image-${imagePosition}`}>
      <ResponsiveImage image={image} className="cms-split__media" />
      <div className="cms-split__text">
        {eyebrow && <p className="cms-eyebrow">{eyebrow}</p>}
        <Heading className="cms-split__title">{title}</Heading>
        <div className="cms-rich-text" dangerouslySetInnerHTML={{ __html: html }} />
        {links.length > 0 && (
          <ul className="cms-ctas cms-ctas--start" role="list">
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
