import type { CSSProperties, ReactNode } from 'react';
import type { Schemas } from '../../../lib/api-client';
import { Heading, HeadingLevelContext } from './content-context';

const GAPS = {
  none: '0',
  small: 'var(--space-small)',
  medium: 'var(--space-medium)',
  large: 'var(--space-large)',
  'extra-large': 'var(--space-extra-large)',
} as const;

/** Layout container: its children fill its columns (per breakpoint). */
export function Grid({ component, children }: { component: Schemas['CmsGridComponent']; children: ReactNode }) {
  const { columns, gap, title } = component;
  const style = {
    '--cms-grid-cols-sm': columns.mobile,
    '--cms-grid-cols-md': columns.tablet,
    '--cms-grid-cols-lg': columns.desktop,
    '--cms-grid-gap': GAPS[gap],
  } as CSSProperties;
  return (
    <section className="cms-grid" aria-label={title ?? undefined}>
      {title && <Heading className="cms-section-title">{title}</Heading>}
      <HeadingLevelContext.Provider value={title ? 3 : 2}>
        <div className="cms-grid__cells" style={style}>
          {children}
        </div>
      </HeadingLevelContext.Provider>
    </section>
  );
}
