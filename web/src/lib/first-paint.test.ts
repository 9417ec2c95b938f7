// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, FIRST_PAINT_WAIT_MS, preloadPageModules, PRELOADS_PER_TASK } from './first-paint';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const list = (value: unknown) => {
  document.body.innerHTML = `<script type="application/json" id="sf-modules">${JSON.stringify(value)}</script>`;
};

describe('preloadPageModules', () => {
  it('preloads every module of the page’s list, once each, as module preloads', async () => {
    list(['/assets/framework-a.js', '/assets/category-route-b.js']);
    expect(await preloadPageModules()).toEqual(['/assets/framework-a.js', '/assets/category-route-b.js']);
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((l) => [l.rel, l.getAttribute('href')])).toEqual([
      ['modulepreload', '/assets/framework-a.js'],
      ['modulepreload', '/assets/category-route-b.js'],
    ]);
  });

  it('ignores what is not one of the build’s files and a list that is not a list', async () => {
    list(['//evil.example/x.js', 'https://evil.example/x.js', 42, '/assets/ok.js']);
    expect(await preloadPageModules()).toEqual(['/assets/ok.js']);
    list({ not: 'a list' });
    document.head.innerHTML = '';
    expect(await preloadPageModules()).toEqual([]);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });

  it('preloads nothing on a page without a list (the development server)', async () => {
    expect(await preloadPageModules()).toEqual([]);
  });

  it('adds the first few at once and the rest a few per task, so that no one task holds the main thread', async () => {
    const files = Array.from({ length: 10 }, (_, i) => `/assets/m${i}.js`);
    list(files);
    const done = preloadPageModules();
    expect(document.head.querySelectorAll('link')).toHaveLength(PRELOADS_PER_TASK);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.head.querySelectorAll('link')).toHaveLength(2 * PRELOADS_PER_TASK);
    expect(await done).toEqual(files);
    expect([...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'))).toEqual(files);
  });
});

/** A stand-in for the browser's PerformanceObserver of paints: `report(name)` delivers one paint entry. */
function fakePaintObserver(supported: string[] = ['paint']) {
  const observers: { callback: (list: { getEntries(): { name: string }[] }) => void; disconnected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = supported;
    private readonly record: (typeof observers)[number];
    constructor(callback: (typeof observers)[number]['callback']) {
      this.record = { callback, disconnected: false };
      observers.push(this.record);
    }
    observe() {}
    disconnect() {
      this.record.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    observers,
    report: (name: string) => {
      for (const o of observers) if (!o.disconnected) o.callback({ getEntries: () => [{ name }] });
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('afterFirstPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for the browser to report the first contentful paint, then a task', async () => {
    const paints = fakePaintObserver();
    let resolved = false;
    const waiting = afterFirstPaint().then(() => (resolved = true));
    await tick();
    paints.report('first-paint');
    await tick();
    await tick();
    expect(resolved).toBe(false);
    paints.report('first-contentful-paint');
    await waiting;
    expect(resolved).toBe(true);
    expect(paints.observers.every((o) => o.disconnected)).toBe(true);
  });

  it('starts anyway when no paint is reported in time', async () => {
    vi.useFakeTimers();
    fakePaintObserver();
    let resolved = false;
    void afterFirstPaint().then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS - 1);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1); // the wait ends
    await vi.advanceTimersByTimeAsync(1); // then a task
    expect(resolved).toBe(true);
  });

  it('waits for a frame, then a task, in a browser that reports no paints', async () => {
    fakePaintObserver([]);
    const order: string[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      order.push('frame');
      setTimeout(() => cb(0), 0);
      return 1;
    });
    await afterFirstPaint().then(() => order.push('resolved'));
    expect(order).toEqual(['frame', 'resolved']);
  });

  it('waits for nothing in a hidden tab, which never paints', async () => {
    const paints = fakePaintObserver();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    await afterFirstPaint();
    expect(frame).not.toHaveBeenCalled();
    expect(paints.observers).toHaveLength(0);
  });
});
