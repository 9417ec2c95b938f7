import { createElement, useContext, useState } from 'react';
import type { Schemas } from '../../../lib/api-client';
import { Heading, HeadingLevelContext } from './content-context';

/**
 * Questions and answers (FAQ, client service, product care): the WAI-ARIA disclosure pattern on native
 * elements — each question a heading holding a `<button aria-expanded aria-controls>`, each answer a
 * labelled region hidden while closed — operable with the keyboard (Tab to a question, Enter or Space to
 * open it), several open at once. Native buttons rather than React Aria's Disclosure: content pages and the
 * home page then carry no React Aria code at all (docs/web-performance.md). The section anchors on its FAQ
 * subject.
 */
export function Accordion({ component }: { component: Schemas['CmsAccordionComponent'] }) {
  const level = useContext(HeadingLevelContext);
  const questionLevel = Math.min(level + 1, 6);
  const [expanded, setExpanded] = useState(() => new Set(component.items.filter((i) => i.open).map((i) => i.id)));
  const toggle = (id: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <section
      className="cms-accordion"
      id={component.tagSubjectId ?? undefined}
      aria-labelledby={`${component.id}-title`}
    >
      <Heading className="cms-accordion__title" id={`${component.id}-title`}>
        {component.title}
      </Heading>
      <div className="cms-accordion__group">
        {component.items.map((item) => {
          const isOpen = expanded.has(item.id);
          const triggerId = `${component.id}-${item.id}-q`;
          const panelId = `${component.id}-${item.id}-a`;
          return (
            <div key={item.id} className="cms-accordion__item" data-expanded={isOpen || undefined}>
              {createElement(
                `h${questionLevel}`,
                { className: 'cms-accordion__question' },
                <button
                  type="button"
                  id={triggerId}
                  className="cms-accordion__trigger"
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  onClick={() => toggle(item.id)}
                >
                  <span>{item.title}</span>
                  <svg className="cms-accordion__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                    <path d="M5 9l7 7 7-7" fill="none" stroke="currentColor" strokeWidth="1.2" />
                  </svg>
                </button>,
              )}
              <div
                id={panelId}
                className="cms-accordion__panel"
                role="region"
                aria-labelledby={triggerId}
                hidden={!isOpen}
              >
                <div className="cms-rich-text" dangerouslySetInnerHTML={{ __html: item.html }} />
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
