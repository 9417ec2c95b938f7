import { createContext, useContext, type ReactNode } from 'react';
import type { Schemas } from '../../../lib/api-client';

export interface ContentSlots {
  /**
   * Renders one product of a product island. The product tile belongs to the catalog feature, which this
   * feature may not import: the app passes it in (see app/storefront.tsx). `firstScreen`: the island opens the
   * page, so its first pictures are the first screen's (loaded at once, at a high priority).
   */
  renderProductTile?: (product: Schemas['ProductTile'], index: number, firstScreen: boolean) => ReactNode;
}

const SlotsContext = createContext<ContentSlots>({});

export function ContentSlotsProvider({ value, children }: { value: ContentSlots; children: ReactNode }) {
  return <SlotsContext.Provider value={value}>{children}</SlotsContext.Provider>;
}

export function useContentSlots(): ContentSlots {
  return useContext(SlotsContext);
}

/** Heading level of a component's title: 2 at the top of a page, deeper inside grids. */
export const HeadingLevelContext = createContext<2 | 3 | 4>(2);

export function Heading({
  level,
  className,
  id,
  children,
}: {
  level?: 2 | 3 | 4 | 1;
  className?: string;
  id?: string;
  children: ReactNode;
}) {
  const contextLevel = useContext(HeadingLevelContext);
  const Tag = `h${level ?? contextLevel}` as 'h2';
  return (
    <Tag className={className} id={id}>
      {children}
    </Tag>
  );
}
