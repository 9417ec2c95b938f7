import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { HydrationBoundary } from '@tanstack/react-query';
import { AppProviders, createQueryClient } from './app/providers';
import { Storefront } from './app/storefront';
import { createI18n } from './lib/i18n';
import type { Bootstrap } from './entry-server';

declare global {
  interface Window {
    __SF_BOOTSTRAP__?: Bootstrap;
  }
}

const boot = window.__SF_BOOTSTRAP__;
if (boot) {
  const queryClient = createQueryClient();
  const i18n = createI18n(boot.language, boot.resources);
  hydrateRoot(
    document.getElementById('root') as HTMLElement,
    <BrowserRouter>
      <AppProviders queryClient={queryClient} i18n={i18n}>
        <HydrationBoundary state={boot.state as never}>
          <Storefront brandName={boot.brandName} />
        </HydrationBoundary>
      </AppProviders>
    </BrowserRouter>,
  );
}
