/** Inputs whose text a shopper may type: not boxes, buttons or files. */
const TEXT_TYPES = new Set(['text', 'email', 'password', 'search', 'tel', 'url', 'number', 'date', '']);

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * What a shopper typed into the server's HTML before the page was live. Hydration sets every controlled field
 * back to its state (empty), so text typed on a slow phone — or by a fast typist — would silently vanish. Call
 * before `hydrateRoot`; call what it returns once hydrated: each field whose text changed is given it back as
 * typed, through an `input` event, so the form's state (its `onChange`) has it too.
 */
export function keepTypedText(root: ParentNode): () => void {
  const typed = new Map<Field, string>();
  for (const field of root.querySelectorAll<Field>('input, textarea')) {
    if (field instanceof HTMLInputElement && !TEXT_TYPES.has(field.type)) continue;
    if (field.value !== field.defaultValue) typed.set(field, field.value);
  }
  return () => {
    for (const [field, value] of typed) {
      // Even a field that still shows the text is given it: its form's state is empty until an `input` event says
      // otherwise, and React sets a controlled field back to its state after hydrating it (not always before now).
      if (!field.isConnected) continue;
      // React notes the value it last saw through the field's own setter, and calls `onChange` only for an input
      // whose value differs from that: a field hydrated while it showed the text has it noted already. So the
      // noted value is emptied first, then the text set past it with the prototype's setter.
      field.value = '';
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
      setter?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };
}

/** Calls `then` once the storefront says it is hydrated (`data-hydrated` on the root element). */
export function whenHydrated(then: () => void): void {
  const html = document.documentElement;
  if (html.dataset.hydrated === 'true') return then();
  const observer = new MutationObserver(() => {
    if (html.dataset.hydrated !== 'true') return;
    observer.disconnect();
    then();
  });
  observer.observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });
}
