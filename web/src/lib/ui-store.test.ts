import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import {
  DEFAULT_UI_FLAGS,
  INITIAL_UI_STATE,
  PAGE_LOADER_TIMEOUT_MS,
  closeModal,
  createUiStore,
  currentModal,
  findModal,
  lockScroll,
  openModal,
  setUiFlag,
  uiReducer,
  uiStore,
  unlockScroll,
  useModal,
  useUiFlag,
  type UiAction,
} from './ui-store';

describe('modal stack (spec §4)', () => {
  it('open adds an entry on top; the top entry is current', () => {
    let s = uiReducer(INITIAL_UI_STATE, { type: 'modal/open', id: 'search' });
    s = uiReducer(s, { type: 'modal/open', id: 'minicart', data: { from: 'header' } });
    expect(s.modals).toEqual([
      { id: 'search', open: true },
      { id: 'minicart', open: true, data: { from: 'header' } },
    ]);
    expect(currentModal(s)?.id).toBe('minicart');
  });

  it('open with an index adds an entry carrying the zoom index', () => {
    let s = uiReducer(INITIAL_UI_STATE, { type: 'modal/open', id: 'size-guide', zoomIndex: 2 });
    s = uiReducer(s, { type: 'modal/open', id: 'size-guide', zoomIndex: 3 });
    expect(s.modals.map((m) => m.zoomIndex)).toEqual([2, 3]);
  });

  it('open with a slide id replaces any entry with the same id', () => {
    let s = uiReducer(INITIAL_UI_STATE, { type: 'modal/open', id: 'filter', slideId: 'color' });
    s = uiReducer(s, { type: 'modal/open', id: 'search' });
    s = uiReducer(s, { type: 'modal/open', id: 'filter', slideId: 'size' });
    expect(s.modals.map((m) => `${m.id}:${m.slideId ?? ''}`)).toEqual(['search:', 'filter:size']);
    expect(currentModal(s)?.slideId).toBe('size');
  });

  it('close removes by id (every entry with it) and leaves the rest', () => {
    let s = uiReducer(INITIAL_UI_STATE, { type: 'modal/open', id: 'search' });
    s = uiReducer(s, { type: 'modal/open', id: 'size-guide', zoomIndex: 1 });
    s = uiReducer(s, { type: 'modal/open', id: 'size-guide', zoomIndex: 2 });
    s = uiReducer(s, { type: 'modal/close', id: 'size-guide' });
    expect(s.modals).toEqual([{ id: 'search', open: true }]);
    expect(currentModal(s)?.id).toBe('search');
  });

  it('closing an absent id keeps the same state object; an empty stack has no current entry', () => {
    const s = uiReducer(INITIAL_UI_STATE, { type: 'modal/close', id: 'search' });
    expect(s).toBe(INITIAL_UI_STATE);
    expect(currentModal(s)).toBeNull();
  });

  it('findModal returns the topmost entry with that id', () => {
    let s = uiReducer(INITIAL_UI_STATE, { type: 'modal/open', id: 'newsletter', data: 1 });
    s = uiReducer(s, { type: 'modal/open', id: 'newsletter', data: 2 });
    expect(findModal(s, 'newsletter')?.data).toBe(2);
    expect(findModal(s, 'search')).toBeUndefined();
  });
});

describe('UI flags (spec §4)', () => {
  it('has the documented defaults (header visible by default, all else off/empty)', () => {
    expect(DEFAULT_UI_FLAGS).toEqual({
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
      scrollLockElements: [],
    });
  });

  it('sets each flag', () => {
    const s = uiReducer(INITIAL_UI_STATE, { type: 'flag/set', name: 'infoBannerHeight', value: 42 });
    expect(s.flags.infoBannerHeight).toBe(42);
    expect(uiReducer(s, { type: 'flag/set', name: 'headerVisible', value: false }).flags.headerVisible).toBe(false);
  });

  it('keeps the scroll-lock list free of duplicates', () => {
    let s = uiReducer(INITIAL_UI_STATE, { type: 'scroll-lock/add', element: 'minicart' });
    s = uiReducer(s, { type: 'scroll-lock/add', element: 'minicart' });
    s = uiReducer(s, { type: 'scroll-lock/add', element: 'search' });
    expect(s.flags.scrollLockElements).toEqual(['minicart', 'search']);
    s = uiReducer(s, { type: 'scroll-lock/remove', element: 'minicart' });
    expect(s.flags.scrollLockElements).toEqual(['search']);
    s = uiReducer(s, { type: 'flag/set', name: 'scrollLockElements', value: ['a', 'a', 'b'] });
    expect(s.flags.scrollLockElements).toEqual(['a', 'b']);
  });

  it('throws on an unknown action (spec §8) and on an unknown flag', () => {
    expect(() => uiReducer(INITIAL_UI_STATE, { type: 'nope' } as unknown as UiAction)).toThrow(Error);
    expect(() =>
      uiReducer(INITIAL_UI_STATE, { type: 'flag/set', name: 'nope', value: 1 } as unknown as UiAction),
    ).toThrow(/Unknown UI flag/);
  });
});

describe('store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('switches the page loader off after 5 s and restarts the timer on each switch-on', () => {
    const store = createUiStore();
    setUiFlag('pageLoader', true, store);
    vi.advanceTimersByTime(PAGE_LOADER_TIMEOUT_MS - 1);
    expect(store.getState().flags.pageLoader).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getState().flags.pageLoader).toBe(false);

    setUiFlag('pageLoader', true, store);
    vi.advanceTimersByTime(3000);
    setUiFlag('pageLoader', false, store);
    setUiFlag('pageLoader', true, store);
    vi.advanceTimersByTime(3000);
    expect(store.getState().flags.pageLoader).toBe(true);
    vi.advanceTimersByTime(2000);
    expect(store.getState().flags.pageLoader).toBe(false);
  });

  it('notifies subscribers only on change', () => {
    const store = createUiStore();
    const listener = vi.fn();
    const off = store.subscribe(listener);
    openModal('search', {}, store);
    closeModal('minicart', store);
    lockScroll('x', store);
    lockScroll('x', store);
    unlockScroll('x', store);
    expect(listener).toHaveBeenCalledTimes(3);
    off();
    closeModal('search', store);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('hooks render the initial state on the server', () => {
    openModal('search');
    function Probe() {
      const modal = useModal('search');
      const [visible] = useUiFlag('headerVisible');
      return createElement('i', null, `${modal.isOpen}-${visible}`);
    }
    expect(renderToString(createElement(Probe))).toBe('<i>false-true</i>');
    uiStore.dispatch({ type: 'reset' });
  });
});
