import type { Schemas } from '../../../lib/api-client';

/** Formatted text; `html` is sanitised by the server (no scripts, styles or event handlers). */
export function RichText({ component }: { component: Schemas['CmsRichTextComponent'] }) {
  return (
    <div
      className={`cms-rich-text cms-rich-text--${component.textAlign ?? 'left'}`}
      dangerouslySetInnerHTML={{ __html: component.html }}
    />
  );
}
