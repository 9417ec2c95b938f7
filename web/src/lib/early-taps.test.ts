// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdTapsUntilLive } from './early-taps';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  delete document.documentElement.dataset.hydrated;
  document.body.innerHTML = '';
  vi.useRealTimers();
});

const goLive = async () => {
  document.documentElement.dataset.hydrated = 'true';
  // The observer's callback, then the replay's task.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('holdTapsUntilLive', () => {
  it('holds a tap on a button until the page is live, shows it waiting, then presses it again', async () => {
    document.body.innerHTML = '<button type="button" id="menu"><span>Menu</span></button>';
    const menu = document.getElementById('menu')!;
    stop = holdTapsUntilLive();
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    menu.querySelector('span')!.dispatchEvent(tap);
    expect(tap.defaultPrevented, 'the tap does nothing yet').toBe(true);
    expect(menu.getAttribute('aria-busy')).toBe('true');
    expect(menu.hasAttribute('data-held-tap')).toBe(true);
    // The app's listener, as hydration adds it: it is given the tap once the page is live.
    const seen: boolean[] = [];
    menu.addEventListener('click', (e) => seen.push(e.defaultPrevented));
    await goLive();
    expect(seen).toEqual([false]);
    expect(menu.hasAttribute('aria-busy')).toBe(false);
    expect(menu.hasAttribute('data-held-tap')).toBe(false);
  });

  it('keeps only the last tap: the shopper changed their mind', async () => {
    document.body.innerHTML = '<button type="button" id="a">A</button><button type="button" id="b">B</button>';
    const [a, b] = [document.getElementById('a')!, document.getElementById('b')!];
    stop = holdTapsUntilLive();
    a.click();
    b.click();
    b.click();
    expect(a.hasAttribute('aria-busy')).toBe(false);
    const pressed: string[] = [];
    for (const el of [a, b]) el.addEventListener('click', () => pressed.push(el.id));
    await goLive();
    expect(pressed).toEqual(['b']);
  });

  it('does not send a form the app must send before the page is live, and sends it once live', async () => {
    document.body.innerHTML =
      '<form id="f"><input name="password" value="secret"><button type="submit" id="go">Sign in</button></form>';
    const form = document.getElementById('f') as HTMLFormElement;
    stop = holdTapsUntilLive();
    const sent: boolean[] = [];
    form.addEventListener('submit', (e) => {
      sent.push(true);
      e.preventDefault();
    });
    document.getElementById('go')!.click();
    expect(sent).toEqual([]);
    await goLive();
    expect(sent).toEqual([true]);
  });

  it('holds a form sent by Enter with no submit button', async () => {
    document.body.innerHTML = '<form id="f"><input name="q"></form>';
    const form = document.getElementById('f') as HTMLFormElement;
    stop = holdTapsUntilLive();
    const before = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(true);
    expect(form.getAttribute('aria-busy')).toBe('true');
  });

  it('leaves links, disabled buttons and forms with an address of their own to the browser', () => {
    document.body.innerHTML = `
      <a href="/fr-fr/ca/women-bags" id="link">Sacs</a>
      <button type="button" id="off" disabled>Off</button>
      <button type="button" id="aria-off" aria-disabled="true">Off</button>
      <form action="/fr-fr/search" method="get" id="search"><input name="q"><button type="submit" id="find">Find</button></form>`;
    stop = holdTapsUntilLive();
    for (const id of ['link', 'aria-off', 'find']) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      document.getElementById(id)!.dispatchEvent(click);
      expect(click.defaultPrevented, id).toBe(false);
    }
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    document.getElementById('search')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
    expect(document.querySelectorAll('[data-held-tap]')).toHaveLength(0);
  });

  it('holds nothing once the app listens (React takes the taps), and still gives the tap held before', async () => {
    document.body.innerHTML = '<button type="button" id="a">A</button><button type="button" id="b">B</button>';
    const [a, b] = [document.getElementById('a')!, document.getElementById('b')!];
    const appListens = holdTapsUntilLive();
    a.click();
    appListens();
    // A tap now is React's own (it answers it, or replays it once that part is hydrated): not held, not doubled.
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    b.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(false);
    expect(b.hasAttribute('aria-busy')).toBe(false);
    const pressed: string[] = [];
    for (const el of [a, b]) el.addEventListener('click', () => pressed.push(el.id));
    await goLive();
    expect(pressed).toEqual(['a']);
  });

  it('lets taps through once the page is live', () => {
    document.documentElement.dataset.hydrated = 'true';
    document.body.innerHTML = '<button type="button" id="menu">Menu</button>';
    stop = holdTapsUntilLive();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('menu')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });
});
