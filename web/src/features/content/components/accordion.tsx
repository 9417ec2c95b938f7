import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading as AriaHeading } from 'react-aria-components';
import type { Schemas } from '../../../lib/api-client';
import { Heading, HeadingLevelContext } from './content-context';
import { useContext } from 'react';

/**
 * Questions and answers (FAQ, client service, product care): React Aria disclosures, operable with the
 * keyboard (Tab to a question, Enter or Space to open it). The section anchors on its FAQ subject.
 */
export function Accordion({ component }: { component: Schemas['CmsAccordionComponent'] }) {
  const level = useContext(HeadingLevelContext);
  const questionLevel = Math.min(level + 1, 6);
  const defaultExpanded = component.items.filter((i) => i.open).map((i) => i.id);
  return (
    <section className="cms-accordion" id={component.tagSubjectId ?? undefined} aria-labelledby={`${component.id}-title`}>
      <Heading className="cms-accordion__title" id={`${component.id}-title`}>
        {component.title}
      </Heading>
      <DisclosureGroup className="cms-accordion__group" allowsMultipleExpanded defaultExpandedKeys={defaultExpanded}>
        {component.items.map((item) => (
          <Disclosure key={item.id} id={item.id} className="cms-accordion__item">
            <AriaHeading level={questionLevel} className="cms-accordion__question">
              <Button slot="trigger" className="cms-accordion__trigger">
                <span>{item.title}</span>
                <svg className="cms-accordion__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                  <path d="M5 9l7 7 7-7" fill="none" stroke="currentColor" strokeWidth="1.2" />
                </svg>
              </Button>
            </AriaHeading>
            <DisclosurePanel className="cms-accordion__panel">
              <div className="cms-rich-text" dangerouslySetInnerHTML={{ __html: item.html }} />
            </DisclosurePanel>
          </Disclosure>
        ))}
      </DisclosureGroup>
    </section>
  );
}
