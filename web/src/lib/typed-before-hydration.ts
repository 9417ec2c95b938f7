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
      if (!field.isConnected || field.value === value) continue;
      // The prototype's setter: React tracks the value it set, and sees this one as the shopper's.
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
