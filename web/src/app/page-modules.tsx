import { use, type ComponentType } from 'react';
import { pageRouteOf, type PageType } from '../lib/route-table';

/** What every page component takes: its data (the page type's schema) and the bag's opener. */
export interface PageProps {
  data: never;
  onAdded: () => void;
}
type PageComponent = ComponentType<PageProps>;
type Loaded<T> = Promise<T>;

// One chunk per route module (web/src/app/routes/*.tsx); a page loads only its own. The keys are the files
// the build's manifest names, so the server can preload the chunk of the page it renders.
const modules = import.meta.glob<Record<string, unknown>>('./routes/*-route{,s}.tsx');

/** The manifest key of a route module (`src/app/routes/home-route.tsx`): what the server preloads. */
export const moduleFile = (module: string) => `src/app/routes/${module}.tsx`;

const loading = new Map<string, Loaded<PageComponent>>();
let beforeRender: ((pageType: PageType) => Promise<unknown>) | undefined;

/**
 * Also waits for something before each page first renders on a navigation: the client loads the page's
 * translation namespaces, so that a page never shows its keys while its strings are on their way.
 */
export function setPageLoadHook(hook: (pageType: PageType) => Promise<unknown>) {
  beforeRender = hook;
}

/**
 * The component of a page type, loaded once: the same promise every time, marked fulfilled once it is, so
 * that `use` renders a loaded page at once (the server's render and the client's hydration never suspend).
 */
export function loadPage(pageType: PageType): Loaded<PageComponent> {
  const route = pageRouteOf(pageType);
  const key = `${route.module}#${route.component}`;
  let promise = loading.get(`${pageType}|${key}`);
  if (promise) return promise;
  const load = modules[`./routes/${route.module}.tsx`];
  if (!load) throw new Error(`No route module ${route.module}`);
  promise = Promise.all([load(), beforeRender?.(pageType)]).then(([module]) => {
    const component = module[route.component] as PageComponent | undefined;
    if (!component) throw new Error(`${route.module} has no ${route.component}`);
    // React reads a promise marked fulfilled synchronously (`use`), as it marks the ones it tracks itself.
    Object.assign(promise!, { status: 'fulfilled', value: component });
    return component;
  }) as Loaded<PageComponent>;
  // A failed load is tried again on the next render; in a browser whose open page is older than the release
  // (its chunks are gone), the page is loaded whole from the server, once.
  promise.catch(() => {
    loading.delete(`${pageType}|${key}`);
    reloadOnce();
  });
  loading.set(`${pageType}|${key}`, promise);
  return promise;
}

function reloadOnce() {
  if (typeof window === 'undefined' || !window.navigator.onLine) return;
  const flag = 'sf-chunk-reload';
  try {
    if (window.sessionStorage.getItem(flag) === window.location.href) return;
    window.sessionStorage.setItem(flag, window.location.href);
  } catch {
    return;
  }
  window.location.reload();
}

/** Renders a page type's component; suspends (to the nearest Suspense boundary) while it loads. */
export function Page({ pageType, data, onAdded }: { pageType: PageType; data: unknown; onAdded: () => void }) {
  const Component = use(loadPage(pageType));
  return <Component data={data as never} onAdded={onAdded} />;
}
