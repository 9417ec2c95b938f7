import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { HydrationBoundary } from '@tanstack/react-query';
import { AppProviders, createQueryClient } from './app/providers';
import { Storefront } from './app/storefront';
import { matchPage } from './app/page-routes';
import { createI18n, localeFilesFor, pickResources } from './lib/i18n';
import type { Bootstrap } from './entry-server';

declare global {
  interface Window {
    __SF_BOOTSTRAP__?: Bootstrap;
  }
}

const root = document.getElementById('root') as HTMLElement;
const boot = window.__SF_BOOTSTRAP__;

function app(state: unknown, brandName: string) {
  return (
    <BrowserRouter>
      <AppProviders queryClient={queryClient} i18n={i18n}>
        <HydrationBoundary state={state as never}>
          <Storefront brandName={brandName} />
        </HydrationBoundary>
      </AppProviders>
    </BrowserRouter>
  );
}

const queryClient = createQueryClient();
let i18n: ReturnType<typeof createI18n>;

if (boot) {
  // Server-rendered page: hydrate with the inlined strings and data.
  i18n = createI18n(boot.language, boot.resources);
  hydrateRoot(root, app(boot.state, boot.brandName));
} else {
  // No server (npm run dev:mock against Prism): render on the client, loading the strings here.
  const locale = matchPage(window.location.pathname).locale ?? 'en-us';
  const language = locale.slice(0, 2);
  const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');
  const loaded = await Promise.all(localeFilesFor(language).filter((f) => loaders[f]).map(async (f) => [f, await loaders[f]!()] as const));
  const resources = pickResources(Object.fromEntries(loaded), language);
  i18n = createI18n(language, resources);
  createRoot(root).render(app(undefined, import.meta.env.VITE_BRAND_NAME ?? 'Saint Laurent'));
}
