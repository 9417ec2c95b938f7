import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router';
import { HydrationBoundary } from '@tanstack/react-query';
import { AppProviders, createQueryClient } from './app/providers';
import { Storefront, pageQueryKey } from './app/storefront';
import { DEFAULT_LOCALE, matchPage, pageDataUrl } from './app/page-routes';
import {
  createI18n,
  i18nLanguageOf,
  namespacesIn,
  pickResources,
  pseudoLocaleEnabled,
  translationsBackend,
} from './lib/i18n';
import type { Bootstrap } from './entry-server';
import { loadPage, setPageLoadHook } from './app/page-modules';
import { pageRouteOf } from './lib/route-table';
import { keepTypedText, whenHydrated } from './lib/typed-before-hydration';
import { seedDisplayNames } from './lib/display-names';
import { keepShopDayTemplate } from './lib/format';

const root = document.getElementById('root') as HTMLElement;
// The server's state is a JSON data block (`<script type="application/json" id="sf-bootstrap">`, written by
// server/src/ssr/document.ts), not a script: the page runs no inline script, so the CSP needs no
// 'unsafe-inline', nonce or hash.
const bootText = document.getElementById('sf-bootstrap')?.textContent;
const boot = bootText ? (JSON.parse(bootText) as Bootstrap) : undefined;

function app(state: unknown, brandName: string, house?: string) {
  return (
    <BrowserRouter>
      <AppProviders queryClient={queryClient} i18n={i18n}>
        <HydrationBoundary state={state as never}>
          <Storefront brandName={brandName} house={house} />
        </HydrationBoundary>
      </AppProviders>
    </BrowserRouter>
  );
}

const queryClient = createQueryClient();
let i18n: ReturnType<typeof createI18n>;

// Development builds report their Core Web Vitals to the development server (never in production: the
// condition is false at build time and the module is left out of the bundle).
if (import.meta.env.DEV) {
  void import('./lib/web-vitals').then(({ startWebVitals }) =>
    startWebVitals(() => {
      const match = matchPage(window.location.pathname);
      const data = queryClient.getQueryData(pageQueryKey(pageDataUrl(match, window.location.search))) as
        { pageType?: string } | undefined;
      return { pageType: data?.pageType ?? 'not-found', locale: match.locale ?? DEFAULT_LOCALE };
    }),
  );
}

// A page reached by a client navigation renders once its strings are at hand as well as its code.
const withStrings = () => setPageLoadHook((pageType) => i18n.loadNamespaces([...pageRouteOf(pageType).namespaces]));

if (boot) {
  // Server-rendered page: hydrate with the inlined strings and data (and the server's pseudo-locale
  // choice, so the texts match).
  // The page inlines the namespaces its render read, in its language; the others load once the page is shown
  // and the browser is idle, so that the next route finds its strings at hand. Every language has every key
  // (web/src/locales/locales.test.ts), so English, the fallback, is loaded only for a namespace whose load in the
  // page's language failed.
  const inlined = Object.keys(boot.resources[boot.language] ?? {});
  // The server's country and language names: the same texts as its HTML, without the phone's own slow first ones.
  seedDisplayNames(boot.displayNames);
  // The server's one day format of the page's locale: days written without the phone's slow first Intl formatter.
  for (const [locale, template] of Object.entries(boot.shopDays ?? {})) keepShopDayTemplate(locale, template);
  i18n = createI18n(boot.language, boot.resources, {
    pseudo: boot.pseudo ?? false,
    namespaces: inlined,
    backend: translationsBackend(),
    loadFallback: 'on-failure',
  });
  // The page's component (its chunk preloaded by the HTML) is at hand before hydration, which never suspends.
  await loadPage(boot.pageType);
  // Text typed into the server's HTML before now is given back once hydration has reset the fields.
  const retype = keepTypedText(root);
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
  // for the whole page in one task (a default-priority hydration is not time-sliced).
  startTransition(() => {
    hydrateRoot(root, app(boot.state, boot.brandName, boot.house));
  });
  whenHydrated(retype);
  withStrings();
  // One namespace per idle period: starting the dozen loads at once (each a fetch) held a phone's main thread for
  // 15–20 ms in one task, 70 ms at Lighthouse's 4× slowdown; one at a time they are small tasks between others.
  const rest = boot.namespaces.filter((ns) => !inlined.includes(ns));
  const whenIdle = (work: () => void) =>
    'requestIdleCallback' in window ? window.requestIdleCallback(work, { timeout: 3_000 }) : setTimeout(work, 1_000);
  const next = () => {
    const ns = rest.shift();
    if (ns === undefined) return;
    void i18n.loadNamespaces([ns]);
    whenIdle(next);
  };
  whenIdle(next);
} else {
  // No server (npm run dev:mock against Prism): English ships with the client as the fallback, the
  // page's language comes from GET /api/data/translations/{language}/{namespace} with the retries of
  // spec §9 (lib/i18n.ts); if it still fails, the page shows English.
  const locale = matchPage(window.location.pathname).locale ?? 'en-us';
  const language = i18nLanguageOf(locale);
  const english = import.meta.glob<{ default: Record<string, unknown> }>('./locales/en/*.json');
  const loaded = await Promise.all(Object.entries(english).map(async ([file, load]) => [file, await load()] as const));
  const namespaces = namespacesIn(english);
  i18n = createI18n(language, pickResources(Object.fromEntries(loaded), 'en'), {
    pseudo: pseudoLocaleEnabled(window.location.search),
    namespaces,
    backend: translationsBackend(),
  });
  await i18n.loadNamespaces(namespaces);
  withStrings();
  createRoot(root).render(app(undefined, import.meta.env.VITE_BRAND_NAME ?? 'Saint Laurent'));
}
