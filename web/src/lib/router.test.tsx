// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { startTransition, useLayoutEffect } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  StaticRouter,
  hrefOf,
  useLocation,
  useNavigate,
  useSearchParams,
  useStateUntilNavigation,
} from './router';

afterEach(cleanup);

function Where() {
  const location = useLocation();
  return (
    <output data-testid="where">{`${location.pathname}${location.search}${location.hash}|${JSON.stringify(location.state)}`}</output>
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('hrefOf', () => {
  it('keeps a string, and fills an object’s missing parts from the current location as a link would', () => {
    const from = { pathname: '/fr-fr/search', search: '?q=sac' };
    expect(hrefOf('/fr-fr/?a=1#top', from)).toBe('/fr-fr/?a=1#top');
    expect(hrefOf({ search: 'page=2' }, from)).toBe('/fr-fr/search?page=2');
    expect(hrefOf({ hash: 'reviews' }, from)).toBe('/fr-fr/search?q=sac#reviews');
    expect(hrefOf({ pathname: '/fr-fr/' }, from)).toBe('/fr-fr/');
    expect(hrefOf({ pathname: '/fr-fr/', search: '' }, from)).toBe('/fr-fr/');
  });
});

describe('links', () => {
  it('a plain click moves in the page; a click with a modifier key, a new-tab target or reloadDocument is left to the browser', () => {
    // What the browser would do with each click: load a document unless the page prevented it (recorded, then
    // prevented here, as the test's window has no server to load from).
    const loads: boolean[] = [];
    const record = (event: Event) => {
      loads.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', record);
    render(
      <MemoryRouter initialEntries={['/fr-fr/']}>
        <Link to="/fr-fr/women">Femme</Link>
        <Link to="/fr-fr/men" target="_blank">
          Homme
        </Link>
        <Link to="/fr-fr/bags" reloadDocument>
          Sacs
        </Link>
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Femme' }).getAttribute('href')).toBe('/fr-fr/women');
    fireEvent.click(screen.getByRole('link', { name: 'Femme' }), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'Homme' }));
    fireEvent.click(screen.getByRole('link', { name: 'Sacs' }));
    expect(where()).toBe('/fr-fr/|null');
    act(() => void fireEvent.click(screen.getByRole('link', { name: 'Femme' })));
    expect(where()).toBe('/fr-fr/women|null');
    window.removeEventListener('click', record);
    expect(loads).toEqual([true, true, true, false]);
  });

  it('NavLink marks the current page, below its path too unless `end`', () => {
    render(
      <MemoryRouter initialEntries={['/fr-fr/account/orders']}>
        <NavLink to="/fr-fr/account" end>
          Aperçu
        </NavLink>
        <NavLink to="/fr-fr/account/orders" className="tab">
          Commandes
        </NavLink>
        <NavLink to="/fr-fr/account">Compte</NavLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Aperçu' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: 'Commandes' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Commandes' }).className).toBe('tab active');
    expect(screen.getByRole('link', { name: 'Compte' }).getAttribute('aria-current')).toBe('page');
  });
});

function Controls() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  return (
    <>
      <button onClick={() => navigate('/fr-fr/bag', { state: { from: 'header' } })}>push</button>
      <button onClick={() => navigate('/fr-fr/checkout', { replace: true })}>replace</button>
      <button onClick={() => navigate(-1)}>back</button>
      <button onClick={() => setParams({ q: `${params.get('q') ?? ''}x` })}>query</button>
    </>
  );
}

describe('navigation', () => {
  it('in memory: push with state, replace, back, and a query set on the same path', () => {
    render(
      <MemoryRouter initialEntries={['/fr-fr/']}>
        <Controls />
        <Where />
      </MemoryRouter>,
    );
    act(() => screen.getByRole('button', { name: 'push' }).click());
    expect(where()).toBe('/fr-fr/bag|{"from":"header"}');
    act(() => screen.getByRole('button', { name: 'replace' }).click());
    expect(where()).toBe('/fr-fr/checkout|null');
    act(() => screen.getByRole('button', { name: 'back' }).click());
    expect(where()).toBe('/fr-fr/|null'); // the bag was replaced by the checkout
    act(() => screen.getByRole('button', { name: 'query' }).click());
    act(() => screen.getByRole('button', { name: 'query' }).click());
    expect(where()).toBe('/fr-fr/?q=xx|null');
  });

  it('in the browser: the address bar follows, and the back button moves the page back', () => {
    window.history.replaceState(null, '', '/fr-fr/');
    render(
      <BrowserRouter>
        <Controls />
        <Where />
      </BrowserRouter>,
    );
    expect(where()).toBe('/fr-fr/|null');
    act(() => screen.getByRole('button', { name: 'push' }).click());
    expect(window.location.pathname).toBe('/fr-fr/bag');
    expect(where()).toBe('/fr-fr/bag|{"from":"header"}');
    const length = window.history.length;
    act(() => screen.getByRole('button', { name: 'replace' }).click());
    expect(window.history.length).toBe(length);
    expect(window.location.pathname).toBe('/fr-fr/checkout');
    // The back button: the browser moves to the entry, then says so with popstate.
    act(() => {
      window.history.replaceState(null, '', '/fr-fr/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(where()).toBe('/fr-fr/|null');
  });

  it('a server render has the request’s location and cannot navigate', () => {
    render(
      <StaticRouter location="/ja-jp/search?q=bag#results">
        <Where />
      </StaticRouter>,
    );
    expect(where()).toBe('/ja-jp/search?q=bag#results|null');
  });
});

/** A menu button whose panel stays open until the path changes. */
function Menu({ onCommit }: { onCommit?: () => void }) {
  const [open, setOpen] = useStateUntilNavigation(false);
  const navigate = useNavigate();
  useLayoutEffect(() => onCommit?.(), [onCommit]);
  return (
    <>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        menu
      </button>
      <button type="button" onClick={() => navigate({ search: '?q=sac' })}>
        query
      </button>
      <button type="button" onClick={() => navigate('/fr-fr/ca/women')}>
        go
      </button>
    </>
  );
}

describe('state until the next page', () => {
  const expanded = () => screen.getByRole('button', { name: 'menu' }).getAttribute('aria-expanded');

  it('stays through a new query on the same path, and goes back to its first value on another path', () => {
    render(
      <MemoryRouter initialEntries={['/fr-fr/']}>
        <Menu />
      </MemoryRouter>,
    );
    act(() => screen.getByRole('button', { name: 'menu' }).click());
    expect(expanded()).toBe('true');
    act(() => screen.getByRole('button', { name: 'query' }).click());
    expect(expanded()).toBe('true');
    act(() => screen.getByRole('button', { name: 'go' }).click());
    expect(expanded()).toBe('false');
    act(() => screen.getByRole('button', { name: 'menu' }).click());
    expect(expanded()).toBe('true');
  });

  it('keeps a tap made between a hydration’s commit and its effects (a page hydrated in a transition)', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const page = (onCommit?: () => void) => (
      <StaticRouter location="/fr-fr/">
        <Menu onCommit={onCommit} />
      </StaticRouter>
    );
    container.innerHTML = renderToString(page());
    // The tap lands as soon as the hydrated page is committed: in a microtask, before React's passive effects
    // (scheduled as a task of their own after a transition's commit).
    let tapped!: () => void;
    const tap = new Promise<void>((resolve) => (tapped = resolve));
    const onCommit = () =>
      queueMicrotask(() => {
        container.querySelector('button')!.click();
        tapped();
      });
    let root!: Root;
    startTransition(() => {
      root = hydrateRoot(container, page(onCommit));
    });
    await tap;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('button')!.getAttribute('aria-expanded')).toBe('true');
    root.unmount();
    container.remove();
  });
});
