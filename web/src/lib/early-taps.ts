/**
 * A tap on one of the app's controls before the page is live. The app is fetched after the first paint
 * (./first-paint.ts), so on a slow phone the menu button, "Add to bag" or a form's submit button are on the
 * screen for a moment before anything listens to them: a link still works (it is a link), a button does nothing,
 * and a form with no address of its own would be sent to the page's own URL as a query string — the fields with
 * it, a password included.
 *
 * So, until the storefront says it is hydrated (`data-hydrated` on the root element), the tap is held: the
 * control is marked busy (the stylesheet shows it waiting), and once the page is live the same control is
 * pressed again, so the app does what the tap asked. Only the last tap is kept (a second tap on another control
 * is what the shopper means now). Links, and forms with an address of their own (the search form) are left to
 * the browser: they work without the app.
 *
 * This module runs before the first paint: it imports nothing and stays small.
 */

const CONTROL = 'button, [role="button"]';

const isLive = (doc: Document) => doc.documentElement.dataset.hydrated === 'true';

/** A form the browser can send without the app: it names where to. */
const sendsItself = (form: HTMLFormElement | null) => form?.hasAttribute('action') === true;

/** The control a click landed on, when it is one the app must answer. */
function heldControl(target: EventTarget | null): HTMLElement | null {
  const el = target instanceof Element ? target.closest(CONTROL) : null;
  if (!(el instanceof HTMLElement) || el.matches(':disabled') || el.getAttribute('aria-disabled') === 'true')
    return null;
  if (el instanceof HTMLButtonElement && el.type === 'submit' && sendsItself(el.form)) return null;
  return el;
}

/**
 * Holds taps and form submissions until the app listens, then gives the last one to the app once the page is
 * live. Returns the function to call once the app listens (`hydrateRoot` called: from then on React takes every
 * event itself, and replays those that reach a part not hydrated yet — a tap held here as well would be answered
 * twice, a menu opened and closed again).
 */
export function holdTapsUntilLive(doc: Document = document): () => void {
  let held: HTMLElement | HTMLFormElement | null = null;

  const hold = (el: HTMLElement | HTMLFormElement) => {
    if (held && held !== el) release(held);
    held = el;
    el.setAttribute('aria-busy', 'true');
    el.dataset.heldTap = '';
  };
  const release = (el: HTMLElement | HTMLFormElement) => {
    el.removeAttribute('aria-busy');
    delete el.dataset.heldTap;
  };

  const onClick = (e: MouseEvent) => {
    if (isLive(doc)) return;
    const control = heldControl(e.target);
    if (!control) return;
    // A submit button's default is sending its form: held with the tap, and given back with it.
    e.preventDefault();
    hold(control);
  };
  // Enter in a form with no submit button sends it without a click.
  const onSubmit = (e: SubmitEvent) => {
    if (isLive(doc)) return;
    const form = e.target;
    if (!(form instanceof HTMLFormElement) || sendsItself(form)) return;
    e.preventDefault();
    hold(form);
  };

  const stopHolding = () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('submit', onSubmit, true);
  };
  const replay = () => {
    stopHolding();
    observer.disconnect();
    const el = held;
    held = null;
    if (!el) return;
    release(el);
    if (!el.isConnected) return;
    // After the other "once live" work of this moment (the typed text is given back first: a held submit sends it).
    setTimeout(() => {
      if (el instanceof HTMLFormElement) el.requestSubmit();
      else el.click();
    }, 0);
  };
  const observer = new MutationObserver(() => {
    if (isLive(doc)) replay();
  });

  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  observer.observe(doc.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
  if (isLive(doc)) replay();
  return () => {
    stopHolding();
    // Nothing held: nothing to give once live.
    if (!held) observer.disconnect();
  };
}
