// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, preloadPageModules } from './first-paint';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const list = (value: unknown) => {
  document.body.innerHTML = `<script type="application/json" id="sf-modules">${JSON.stringify(value)}</script>`;
};

describe('preloadPageModules', () => {
  it('preloads every module of the page’s list, once each, as module preloads', () => {
    list(['/assets/framework-a.js', '/assets/category-route-b.js']);
    expect(preloadPageModules()).toEqual(['/assets/framework-a.js', '/assets/category-route-b.js']);
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((l) => [l.rel, l.getAttribute('href')])).toEqual([
      ['modulepreload', '/assets/framework-a.js'],
      ['modulepreload', '/assets/category-route-b.js'],
    ]);
  });

  it('ignores what is not one of the build’s files and a list that is not a list', () => {
    list(['//evil.example/x.js', 'https://evil.example/x.js', 42, '/assets/ok.js']);
    expect(preloadPageModules()).toEqual(['/assets/ok.js']);
    list({ not: 'a list' });
    document.head.innerHTML = '';
    expect(preloadPageModules()).toEqual([]);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });

  it('preloads nothing on a page without a list (the development server)', () => {
    expect(preloadPageModules()).toEqual([]);
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
