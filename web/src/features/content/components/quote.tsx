import type { Schemas } from '../../../lib/api-client';

/** A quotation set large, with who said it and where. */
export function Quote({ component }: { component: Schemas['CmsQuoteComponent'] }) {
  const { quote, attribution, source } = component;
  return (
    <figure className="cms-quote">
      <blockquote>
        <p>{quote}</p>
      </blockquote>
      {(attribution || source) && (
        <figcaption>
          {attribution && <span className="cms-quote__by">{attribution}</span>}
          {source && <cite>{source}</cite>}
        </figcaption>
      )}
    </figure>
  );
}
