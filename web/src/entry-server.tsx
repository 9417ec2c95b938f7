import { renderToString } from 'react-dom/server';
import { StaticRouter } from './lib/router';
import { dehydrate } from '@tanstack/react-query';
import { AppProviders, createQueryClient } from './app/providers';
import { StorefrontQueryClient } from './lib/query-client';
import { Storefront, pageQueryKey, type PageData } from './app/storefront';
import { matchPage, pageDataUrl } from './app/page-routes';
import { loadPage, moduleFile } from './app/page-modules';
import { leadImagePreload } from './app/lead-image';
import { pageRouteOf, type PageType } from './lib/route-table';
import {
  bundlesOf,
  createI18n,
  i18nLanguageOf,
  namespacesIn,
  pickResources,
  pseudoLocaleEnabled,
  SHELL_NAMESPACES,
  type Resource,
} from './lib/i18n';
import { recordDisplayNames } from './lib/display-names';
import { shopDayTemplate } from './lib/shop-day-template';
import type { ShopDayTemplate } from './lib/format';

export { matchPage };

// Every language's strings are bundled on the server; each page inlines the shell's namespaces and those its
// render read, in its own language. The client loads the others (and English, the fallback) once the page is shown.
const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });
/** The namespaces this release has: a namespace without an English file is not loaded at all. */
const namespaces = namespacesIn(files);
/** Each language's strings and English's, picked from the files once. */
const picked = new Map<string, Resource>();
/**
 * The strings of a render in `language`: the namespaces picked once per language, in objects of the render's own
 * (a render's instance may add to them; the bundles themselves are the files', read only).
 */
function resourcesOf(language: string): Resource {
  let resources = picked.get(language);
  if (!resources) picked.set(language, (resources = pickResources(files, language)));
  const own: Resource = {};
  for (const [lng, bundles] of Object.entries(resources)) own[lng] = { ...bundles };
  return own;
}

export interface Bootstrap {
  /** The strings' language (`i18nLanguageOf(market.locale)`: `zh-hant` for zh-tw, zh-hk, zh-mo). */
  language: string;
  brandName: string;
  /** The house's code (`ysl`): its wordmark in the header. */
  house?: string;
  resources: Resource;
  state: unknown;
  /** Pseudo-locale on (`?pseudo=1`): the client hydrates with the same texts as the server. */
  pseudo: boolean;
  /** The namespaces of the release; the client loads those missing from `resources` once the page is shown. */
  namespaces: string[];
  /** The page type rendered: the client loads its component (preloaded by the HTML) before it hydrates. */
  pageType: PageType;
  /** The country and language names the render made (`lib/display-names.ts`): the browser hydrates with them. */
  displayNames?: Record<string, string>;
  /**
   * The one day format of the page's locale, read once by the server (`lib/shop-day-template.ts`): the browser writes its
   * days without Intl, whose first formatter is the largest task of a phone's product page or checkout.
   */
  shopDays?: Record<string, ShopDayTemplate>;
}

export interface Rendered {
  appHtml: string;
  bootstrap: Bootstrap;
  /** The build-manifest keys of the modules the page needs beyond the shell: the server preloads their chunks and styles. */
  modules: string[];
  /** Tags for the top of the head: the preload of the page's lead picture, when it has one. */
  head: string[];
}

export async function render({
  url,
  data,
  brandName,
  house,
}: {
  url: string;
  data: PageData;
  brandName: string;
  house?: string;
}): Promise<Rendered> {
  const pageType = data.pageType as PageType;
  // The page's component is loaded before the render, which never suspends (page-modules.tsx).
  await loadPage(pageType);
  const parsed = new URL(url, 'http://localhost');
  const queryClient = createQueryClient(StorefrontQueryClient);
  queryClient.setQueryData(pageQueryKey(pageDataUrl(matchPage(parsed.pathname), parsed.search)), data);
  // From the locale, not market.language: zh-tw and zh-hk read Traditional Chinese, zh-cn Simplified.
  const language = i18nLanguageOf(data.market.locale);
  const pseudo = pseudoLocaleEnabled(parsed.search);
  // Every namespace is at hand for the render; the page inlines those it read, in its language only.
  const all = resourcesOf(language);
  const i18n = createI18n(language, all, { pseudo, namespaces });
  // The country and language names the render makes go with the page (lib/display-names.ts).
  const names = recordDisplayNames();
  let appHtml: string;
  let displayNames: Record<string, string>;
  try {
    appHtml = renderToString(
      <StaticRouter location={url}>
        <AppProviders queryClient={queryClient} i18n={i18n}>
          <Storefront brandName={brandName} house={house} />
        </AppProviders>
      </StaticRouter>,
    );
  } finally {
    displayNames = names();
  }
  const resources = bundlesOf(all, language, [...SHELL_NAMESPACES, ...i18n.namespacesRead()]);
  const shopDays = shopDayTemplate(data.market.locale);
  const bootstrap: Bootstrap = {
    language,
    brandName,
    ...(house ? { house } : {}),
    resources,
    state: dehydrate(queryClient),
    pseudo,
    namespaces,
    pageType,
    ...(Object.keys(displayNames).length ? { displayNames } : {}),
    ...(shopDays ? { shopDays: { [data.market.locale]: shopDays } } : {}),
  };
  const lead = leadImagePreload(data);
  return { appHtml, bootstrap, modules: [moduleFile(pageRouteOf(pageType).module)], head: lead ? [lead] : [] };
}
