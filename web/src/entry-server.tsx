import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { dehydrate } from '@tanstack/react-query';
import type { Resource } from 'i18next';
import { AppProviders, createQueryClient } from './app/providers';
import { Storefront, pageQueryKey, type PageData } from './app/storefront';
import { matchPage, pageDataUrl } from './app/page-routes';
import { createI18n, pickResources } from './lib/i18n';

export { matchPage };

// Every language's strings are bundled on the server; each page inlines only its own language.
const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });

export interface Bootstrap {
  language: string;
  brandName: string;
  resources: Resource;
  state: unknown;
}

export function render({ url, data, brandName }: { url: string; data: PageData; brandName: string }) {
  const parsed = new URL(url, 'http://localhost');
  const queryClient = createQueryClient();
  queryClient.setQueryData(pageQueryKey(pageDataUrl(matchPage(parsed.pathname), parsed.search)), data);
  const language = data.market.language;
  const resources = pickResources(files, language);
  const i18n = createI18n(language, resources);
  const appHtml = renderToString(
    <StaticRouter location={url}>
      <AppProviders queryClient={queryClient} i18n={i18n}>
        <Storefront brandName={brandName} />
      </AppProviders>
    </StaticRouter>,
  );
  const bootstrap: Bootstrap = { language, brandName, resources, state: dehydrate(queryClient) };
  return { appHtml, bootstrap };
}
