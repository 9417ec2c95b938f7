// The storefront's router: the location and navigation that pages, links and forms need, on the History API
// (docs/decisions/0167-own-router.md). Which page a path shows is the route table's business
// (`lib/route-table.ts`, `app/page-modules.tsx`), so all a router has to do here is hold the location, change it
// (push, replace, back) and tell the components that read it. React Router did that for 13–16 KB gzip of
// every page's first script; this does it in well under 2 KB, with the names the storefront already used
// (`Link`, `NavLink`, `useLocation`, `useNavigate`, `useSearchParams`, `useHref`, and a browser, a static
// and a memory router).
import {
  createContext,
  forwardRef,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that made this entry carried (`navigate(to, { state })`), or null. */
  state: unknown;
  /** Unique per history entry: 'default' for the first. */
  key: string;
}

/** A destination: an absolute path with its search and hash (`/fr-fr/search?q=sac`), or its parts. */
export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Kept for callers that say so; the storefront scrolls itself (`app/storefront.tsx`). */
  preventScrollReset?: boolean;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  /** `-1`: back one entry (as the browser's back button). */
  (delta: number): void;
}

interface RouterValue {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterValue | null>(null);

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A router (BrowserRouter, StaticRouter or MemoryRouter) must be around this component.');
  return router;
}

/** The path, search and hash of `to`, resolved against `from` for the parts it leaves out (as a link would). */
export function hrefOf(to: To, from?: Pick<Location, 'pathname' | 'search'>): string {
  if (typeof to === 'string') return to;
  const pathname = to.pathname ?? from?.pathname ?? '/';
  const search = to.search ?? (to.pathname === undefined ? (from?.search ?? '') : '');
  const withMark = (part: string, mark: string) => (part && !part.startsWith(mark) ? mark + part : part);
  return pathname + withMark(search, '?') + withMark(to.hash ?? '', '#');
}

/** A location from an href (path, search and hash); `state` and `key` as given. */
export function locationOf(href: string, state: unknown = null, key = 'default'): Location {
  const url = new URL(href, 'http://storefront.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key };
}

let keys = 0;
const nextKey = () => `k${(++keys).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** What the browser router keeps in `history.state`, next to nothing else. */
interface HistoryState {
  key: string;
  usr: unknown;
}

function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const state = window.history.state as Partial<HistoryState> | null;
  return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
}

/**
 * The router of the browser: the address bar is the location; `navigate` pushes or replaces a history entry,
 * the back and forward buttons move through them. A location change renders in a transition, so a page whose
 * code or strings are on their way keeps the current page on screen until it can show (as React Router did).
 */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [location, setLocation] = useState(browserLocation);
  useEffect(() => {
    const onPop = () => startTransition(() => setLocation(browserLocation()));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback(
    ((to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') {
        window.history.go(to);
        return;
      }
      const href = hrefOf(to, window.location);
      const entry: HistoryState = { key: nextKey(), usr: options.state ?? null };
      if (options.replace) window.history.replaceState(entry, '', href);
      else window.history.pushState(entry, '', href);
      startTransition(() => setLocation(browserLocation()));
    }) as NavigateFunction,
    [],
  );
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The router of one server render: the request's URL, and no way to move (a render never navigates). */
export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  const value = useMemo<RouterValue>(
    () => ({
      location: locationOf(location),
      navigate: (() => {
        throw new Error('A server render cannot navigate.');
      }) as NavigateFunction,
    }),
    [location],
  );
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** A router with its own history in memory (stories and tests): the address bar is left alone. */
export function MemoryRouter({
  initialEntries = ['/'],
  initialIndex,
  children,
}: {
  initialEntries?: readonly string[];
  initialIndex?: number;
  children?: ReactNode;
}) {
  const [history, setHistory] = useState(() => ({
    entries: initialEntries.map((href, i) => locationOf(href, null, i === 0 ? 'default' : nextKey())),
    index: initialIndex ?? initialEntries.length - 1,
  }));
  const navigate = useCallback(
    ((to: To | number, options: NavigateOptions = {}) => {
      startTransition(() =>
        setHistory(({ entries, index }) => {
          if (typeof to === 'number') return { entries, index: Math.min(entries.length - 1, Math.max(0, index + to)) };
          const next = locationOf(hrefOf(to, entries[index]), options.state ?? null, nextKey());
          if (options.replace) return { entries: entries.map((e, i) => (i === index ? next : e)), index };
          return { entries: [...entries.slice(0, index + 1), next], index: index + 1 };
        }),
      );
    }) as NavigateFunction,
    [],
  );
  const location = history.entries[history.index]!;
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

/**
 * State that goes back to `initial` when the path changes: a menu or a drawer open on one page is closed on the
 * next. Reset while rendering, not in an effect: an effect that closes on a path change also runs when the
 * component mounts, and a page hydrated in a transition runs it a moment after the commit, when the page already
 * answers taps, so a menu tapped in between was opened and at once closed again (a lost tap on a slow phone).
 */
export function useStateUntilNavigation<T>(initial: T): [T, (value: T) => void] {
  const { pathname } = useLocation();
  const [state, setState] = useState(initial);
  const [path, setPath] = useState(pathname);
  if (path !== pathname) {
    setPath(pathname);
    setState(initial);
    return [initial, setState];
  }
  return [state, setState];
}

/** The href of `to` as a link would write it. */
export function useHref(to: To): string {
  const { location } = useRouter();
  return hrefOf(to, location);
}

type SetSearchParams = (next: URLSearchParams | string | Record<string, string>, options?: NavigateOptions) => void;

/** The location's query, and a setter that navigates to the same path with another query. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback<SetSearchParams>(
    (next, options) => {
      const search = new URLSearchParams(next as ConstructorParameters<typeof URLSearchParams>[0]).toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, options);
    },
    [navigate, location.pathname],
  );
  return [params, set];
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  /** Load the destination as a new document (a plain link). */
  reloadDocument?: boolean;
}

/** Whether a click on a link is the plain left click that the page handles (not a new tab, window or download). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    (!target || target === '_self') &&
    !event.currentTarget.hasAttribute('download')
  );
}

/**
 * A link to a page of the site: a real `<a href>` (it works without JavaScript, opens in a new tab, is read as a
 * link), whose plain click moves in the page instead of loading a new document.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, preventScrollReset, reloadDocument, onClick, target, ...rest },
  ref,
) {
  const { location, navigate } = useRouter();
  const href = hrefOf(to, location);
  // The anchor's props added to `rest` (a fresh object) rather than `<a {...rest} href=…>`: on the server's
  // Node 20 an object spread followed by named fields costs microseconds, and a page renders 90 links
  // (docs/scaling.md#object-spreads-on-the-servers-node).
  const anchor = Object.assign(rest, {
    ref,
    href,
    target,
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      if (reloadDocument || !isPlainClick(event, target)) return;
      event.preventDefault();
      // A link to where the shopper already is replaces the entry rather than stacking copies of it.
      const here = location.pathname + location.search + location.hash === href;
      navigate(href, { replace: replace ?? here, state, preventScrollReset });
    },
  });
  return <a {...anchor} />;
});

export interface NavLinkProps extends LinkProps {
  /** Active only on its own path, not below it. */
  end?: boolean;
}

/** A link that knows it leads to the current page: `aria-current="page"` and the `active` class. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { end = false, className, ...rest },
  ref,
) {
  const { location } = useRouter();
  const path = hrefOf(rest.to, location).split(/[?#]/)[0]!;
  const here = location.pathname;
  const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path;
  const active = here === path || here === trimmed || (!end && trimmed !== '/' && here.startsWith(`${trimmed}/`));
  // Added to `rest` rather than spread before named props (see `Link`).
  const props = Object.assign(rest, {
    ref,
    className: [className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined,
    'aria-current': active ? ('page' as const) : undefined,
  });
  return <Link {...props} />;
});
