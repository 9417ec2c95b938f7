// Client UI state shared across features (spec §4): the modal stack and the UI flags.
// A tiny external store read with useSyncExternalStore; no provider needed. On the server every
// hook reads the initial state (`getServerSnapshot`), so SSR output never depends on UI state.
import { useCallback, useSyncExternalStore } from 'react';

// ---------------------------------------------------------------------------------------------
// Types

export type ModalId =
  | 'country-selector'
  | 'cookie-banner'
  | 'cookie-preferences'
  | 'wrong-market'
  | 'newsletter'
  | 'contact-form'
  | 'size-guide'
  | 'find-in-store'
  | 'search'
  | 'minicart'
  | 'submenu'
  | 'filter'
  | 'book-appointment'
  | 'forgot-password'
  | 'activate-account'
  | 'cancel-order'
  | 'account-migration';

/** Spec §3 "Modal entry". */
export interface ModalEntry {
  id: ModalId;
  zoomIndex?: number;
  slideId?: string;
  data?: unknown;
  open: boolean;
}

export type SecondaryHeaderColorMode = 'light' | 'dark';

/** Spec §4 UI flags. */
export interface UiFlags {
  addToCartLoading: boolean;
  headerLogoHidden: boolean;
  lightHeader: boolean;
  sizeDropdownOpen: boolean;
  headerVisible: boolean;
  footerVisible: boolean;
  /** Height in px of the info banner above the header (0 when none). */
  infoBannerHeight: number;
  /** The shopper closed the info banner: it stays closed until the page is loaded again (client navigations keep it). */
  infoBannerDismissed: boolean;
  /** Full-page loader; switched off automatically after PAGE_LOADER_TIMEOUT_MS. */
  pageLoader: boolean;
  cartReminderBanner: boolean;
  infiniteScrollDisabled: boolean;
  passwordFieldShown: boolean;
  secondaryHeaderColorMode: SecondaryHeaderColorMode;
  /** Ids of elements currently locking page scroll (no duplicates); scroll is locked while non-empty. */
  scrollLockElements: readonly string[];
}

export type UiFlagName = keyof UiFlags;

export interface UiState {
  modals: readonly ModalEntry[];
  flags: UiFlags;
}

export interface OpenModalOptions {
  data?: unknown;
  zoomIndex?: number;
  slideId?: string;
}

export type UiAction =
  | ({ type: 'modal/open'; id: ModalId } & OpenModalOptions)
  | { type: 'modal/close'; id: ModalId }
  | { type: 'modal/close-all' }
  | { type: 'flag/set'; name: UiFlagName; value: UiFlags[UiFlagName] }
  | { type: 'scroll-lock/add'; element: string }
  | { type: 'scroll-lock/remove'; element: string }
  | { type: 'reset' };

// ---------------------------------------------------------------------------------------------
// Constants

/** Spec §9: the page loader switches itself off after 5 s. */
export const PAGE_LOADER_TIMEOUT_MS = 5_000;

export const DEFAULT_UI_FLAGS: Readonly<UiFlags> = Object.freeze({
  addToCartLoading: false,
  headerLogoHidden: false,
  lightHeader: false,
  sizeDropdownOpen: false,
  headerVisible: true,
  footerVisible: false,
  infoBannerHeight: 0,
  infoBannerDismissed: false,
  pageLoader: false,
  cartReminderBanner: false,
  infiniteScrollDisabled: false,
  passwordFieldShown: false,
  secondaryHeaderColorMode: 'light',
  scrollLockElements: Object.freeze([]) as readonly string[],
});

export const INITIAL_UI_STATE: UiState = Object.freeze({
  modals: Object.freeze([]) as readonly ModalEntry[],
  flags: DEFAULT_UI_FLAGS,
});

// ---------------------------------------------------------------------------------------------
// Pure rules

/**
 * Spec §4 modal stack: open adds an entry (with its zoom index when given); open with a slide id
 * replaces any entry with the same id; close removes by id; the top entry is current.
 * Spec §8: an unknown action throws.
 */
export function uiReducer(state: UiState, action: UiAction): UiState {
  switch (action.type) {
    case 'modal/open': {
      const entry: ModalEntry = { id: action.id, open: true };
      if (action.zoomIndex !== undefined) entry.zoomIndex = action.zoomIndex;
      if (action.slideId !== undefined) entry.slideId = action.slideId;
      if (action.data !== undefined) entry.data = action.data;
      const rest = action.slideId !== undefined ? state.modals.filter((m) => m.id !== action.id) : state.modals;
      return { ...state, modals: [...rest, entry] };
    }
    case 'modal/close': {
      if (!state.modals.some((m) => m.id === action.id)) return state;
      return { ...state, modals: state.modals.filter((m) => m.id !== action.id) };
    }
    case 'modal/close-all':
      return state.modals.length === 0 ? state : { ...state, modals: [] };
    case 'flag/set': {
      if (!(action.name in DEFAULT_UI_FLAGS)) throw new Error(`Unknown UI flag: ${String(action.name)}`);
      let value = action.value;
      if (action.name === 'scrollLockElements') value = [...new Set(value as readonly string[])];
      if (Object.is(state.flags[action.name], value)) return state;
      return { ...state, flags: { ...state.flags, [action.name]: value } };
    }
    case 'scroll-lock/add': {
      const list = state.flags.scrollLockElements;
      if (list.includes(action.element)) return state;
      return { ...state, flags: { ...state.flags, scrollLockElements: [...list, action.element] } };
    }
    case 'scroll-lock/remove': {
      const list = state.flags.scrollLockElements;
      if (!list.includes(action.element)) return state;
      return { ...state, flags: { ...state.flags, scrollLockElements: list.filter((e) => e !== action.element) } };
    }
    case 'reset':
      return INITIAL_UI_STATE;
    default:
      throw new Error(`Unknown UI action: ${String((action as { type?: unknown }).type)}`);
  }
}

/** The current (top) modal entry, or null. */
export function currentModal(state: UiState): ModalEntry | null {
  return state.modals.at(-1) ?? null;
}

/** The topmost entry with that id, or undefined. */
export function findModal(state: UiState, id: ModalId): ModalEntry | undefined {
  for (let i = state.modals.length - 1; i >= 0; i--) if (state.modals[i]!.id === id) return state.modals[i];
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Store

type Listener = () => void;

export interface UiStore {
  getState(): UiState;
  dispatch(action: UiAction): void;
  subscribe(listener: Listener): () => void;
}

/** A store; `createUiStore()` is for tests, the app uses the `uiStore` singleton. */
export function createUiStore(initial: UiState = INITIAL_UI_STATE): UiStore {
  let state = initial;
  const listeners = new Set<Listener>();
  let loaderTimer: ReturnType<typeof setTimeout> | undefined;

  const store: UiStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(action) {
      const next = uiReducer(state, action);
      if (next === state) return;
      const loaderWasOn = state.flags.pageLoader;
      state = next;
      // Page loader auto-off (spec §4/§9): every switch-on (re)starts a 5 s timer.
      if (next.flags.pageLoader && !loaderWasOn) {
        clearTimeout(loaderTimer);
        loaderTimer = setTimeout(
          () => store.dispatch({ type: 'flag/set', name: 'pageLoader', value: false }),
          PAGE_LOADER_TIMEOUT_MS,
        );
      } else if (!next.flags.pageLoader && loaderWasOn) {
        clearTimeout(loaderTimer);
        loaderTimer = undefined;
      }
      for (const l of [...listeners]) l();
    },
  };
  return store;
}

export const uiStore: UiStore = createUiStore();

const getServerSnapshot = () => INITIAL_UI_STATE;

/** Reads a slice of the UI state; re-renders only when the selected value changes (Object.is). */
export function useUiSelector<T>(selector: (state: UiState) => T, store: UiStore = uiStore): T {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(getServerSnapshot()),
  );
}

// ---------------------------------------------------------------------------------------------
// Imperative API (usable outside React, e.g. from event handlers in lib code)

export function openModal(id: ModalId, options: OpenModalOptions = {}, store: UiStore = uiStore): void {
  store.dispatch({ type: 'modal/open', id, ...options });
}

export function closeModal(id: ModalId, store: UiStore = uiStore): void {
  store.dispatch({ type: 'modal/close', id });
}

export function closeAllModals(store: UiStore = uiStore): void {
  store.dispatch({ type: 'modal/close-all' });
}

export function setUiFlag<K extends UiFlagName>(name: K, value: UiFlags[K], store: UiStore = uiStore): void {
  store.dispatch({ type: 'flag/set', name, value } as UiAction);
}

export function getUiFlag<K extends UiFlagName>(name: K, store: UiStore = uiStore): UiFlags[K] {
  return store.getState().flags[name];
}

export function lockScroll(element: string, store: UiStore = uiStore): void {
  store.dispatch({ type: 'scroll-lock/add', element });
}

export function unlockScroll(element: string, store: UiStore = uiStore): void {
  store.dispatch({ type: 'scroll-lock/remove', element });
}

// ---------------------------------------------------------------------------------------------
// Hooks

export interface ModalHandle<D = unknown> {
  isOpen: boolean;
  /** The data passed to `open` (topmost entry with this id). */
  data: D | undefined;
  open(data?: D, options?: Omit<OpenModalOptions, 'data'>): void;
  close(): void;
}

/** `const { isOpen, open, close } = useModal('country-selector')`. */
export function useModal<D = unknown>(id: ModalId): ModalHandle<D> {
  const entry = useUiSelector((s) => findModal(s, id));
  const open = useCallback(
    (data?: D, options?: Omit<OpenModalOptions, 'data'>) => openModal(id, { ...options, data }),
    [id],
  );
  const close = useCallback(() => closeModal(id), [id]);
  return { isOpen: entry?.open === true, data: entry?.data as D | undefined, open, close };
}

/** The current (top) modal entry. */
export function useCurrentModal(): ModalEntry | null {
  return useUiSelector(currentModal);
}

/** `const [visible, setVisible] = useUiFlag('headerVisible')`; the setter takes a value or an updater. */
export function useUiFlag<K extends UiFlagName>(
  name: K,
): [UiFlags[K], (value: UiFlags[K] | ((previous: UiFlags[K]) => UiFlags[K])) => void] {
  const value = useUiSelector((s) => s.flags[name]);
  const set = useCallback(
    (next: UiFlags[K] | ((previous: UiFlags[K]) => UiFlags[K])) => {
      const resolved = typeof next === 'function' ? (next as (p: UiFlags[K]) => UiFlags[K])(getUiFlag(name)) : next;
      setUiFlag(name, resolved);
    },
    [name],
  );
  return [value, set];
}
