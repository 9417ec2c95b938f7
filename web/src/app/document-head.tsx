import { useEffect } from 'react';
import type { Schemas } from '../lib/api-client';

/**
 * Keeps <title>, description and canonical in step on client navigation. The server writes the full
 * head (hreflang, JSON-LD) into the first HTML; crawlers read that.
 */
export function DocumentHead({ meta }: { meta: Schemas['PageMeta'] }) {
  useEffect(() => {
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
    document.querySelector('meta[name="robots"]')?.setAttribute('content', meta.robots);
    document.querySelector('link[rel="canonical"]')?.setAttribute('href', meta.canonical);
  }, [meta]);
  return null;
}
