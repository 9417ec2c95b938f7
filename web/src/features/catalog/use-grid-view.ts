import { useCallback, useEffect, useState } from 'react';
import { getStored, setStored } from '../../lib/storage';
import { GRID_VIEWS, type GridView } from './listing-url';

const KEY = 'sf.catalog.gridView';
/** The shopper's grid density is remembered for a month (whole days, spec §9). */
export const GRID_VIEW_EXPIRY_DAYS = 30;

/**
 * The grid density (ViewBy3 large tiles, ViewBy6 small ones), remembered across listings. The server
 * renders `fallback`; the stored choice applies once the page is interactive.
 */
export function useGridView(fallback: GridView = 'ViewBy3'): [GridView, (view: GridView) => void] {
  const [view, setView] = useState<GridView>(fallback);
  useEffect(() => {
    const stored = getStored<string>('local', KEY);
    if (stored && (GRID_VIEWS as readonly string[]).includes(stored)) setView(stored as GridView);
  }, []);
  const choose = useCallback((next: GridView) => {
    setView(next);
    setStored('local', KEY, next, { expiresInDays: GRID_VIEW_EXPIRY_DAYS });
  }, []);
  return [view, choose];
}
