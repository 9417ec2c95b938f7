import { useRef } from 'react';

/**
 * Whether an overlay has been open at least once: a drawer or dialog whose code loads when first opened stays
 * mounted from then on (its closing animation, its state kept for the next opening).
 */
export function useOpenedOnce(isOpen: boolean): boolean {
  const opened = useRef(false);
  if (isOpen) opened.current = true;
  return opened.current;
}
