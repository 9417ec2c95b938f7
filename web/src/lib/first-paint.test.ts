// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, preloadPageModules, PRELOADS_PER_TASK } from './first-paint';

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

describe('afterFirstPaint', () => {
  it('waits for a frame, then a task', async () => {
    const order: string[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      order.push('frame');
      setTimeout(() => cb(0), 0);
      return 1;
    });
    await afterFirstPaint().then(() => order.push('resolved'));
    expect(order).toEqual(['frame', 'resolved']);
  });

  it('does not wait for a frame in a hidden tab, which never paints', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    await afterFirstPaint();
    expect(frame).not.toHaveBeenCalled();
  });
});
