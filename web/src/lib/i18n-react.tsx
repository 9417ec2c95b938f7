// The React binding of the storefront's translation runtime (`lib/translator.ts`): a provider,
// `useTranslation(ns)` and `Trans`.
//
// Every namespace a route reads is loaded before the route renders (the route table's `namespaces`, loaded by
// the page loader), so the binding needs no loading states or Suspense integration (docs/web-performance.md,
// decisions 0155 and 0157). What it does:
//   - a component re-renders when the language changes or a namespace it reads arrives;
//   - a namespace not loaded yet (a lazy dialog's) is asked for once and shows English meanwhile, never
//     suspending (which during hydration would throw the server's HTML away);
//   - `Trans` places React elements in a translated text by index: "read the <0>terms</0> and <1>privacy</1>".
import {
  Children,
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { I18n, TFunction } from './translator';

const I18nContext = createContext<I18n | null>(null);

/** The instance components use outside a provider (Ladle stories, unit tests): the last one created. */
let standalone: I18n | null = null;

/** Called by `createI18n` for each new instance. */
export function setDefaultI18n(instance: I18n): void {
  standalone = instance;
}

/** Gives its tree the instance (the name is the one call sites have always used). */
export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export interface UseTranslationResponse {
  t: TFunction;
  i18n: I18n;
  /** False while the namespace is being loaded (its texts show in English meanwhile). */
  ready: boolean;
}

/** `t` bound to `ns` (default: the instance's default namespace), and the instance. */
export function useTranslation(ns?: string): UseTranslationResponse {
  const instance = useContext(I18nContext) ?? standalone;
  if (!instance)
    throw new Error('useTranslation: no i18n instance (wrap the tree in I18nextProvider, or call createI18n first)');
  // A re-render whenever the language changes, strings are added or a load ends.
  const version = useSyncExternalStore(
    instance.subscribe,
    () => instance.version,
    () => instance.version,
  );
  const ready = !ns || !instance.isInitialized || instance.hasLoadedNamespace(ns);
  useEffect(() => {
    if (!ready && ns) void instance.loadNamespaces(ns);
  }, [instance, ns, ready]);
  // `version` makes a new `t` when the strings change, so memoised children re-render too.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` is the point: it renews `t` when the strings change
  const t = useMemo(() => instance.getFixedT(ns), [instance, ns, version]);
  return { t, i18n: instance, ready };
}

/**
 * A translated text with React elements placed by index: with `review.terms` = "I accept the <0>terms</0>
 * and the <1>privacy policy</1>", `components[0]` wraps "terms" and `components[1]` "privacy policy". Tags may
 * nest; a tag without its element shows its text alone. Text is never parsed as HTML.
 */
export function Trans({
  t,
  i18nKey,
  values,
  components,
}: {
  t: TFunction;
  i18nKey: string;
  values?: Record<string, unknown>;
  components: readonly ReactElement[];
}) {
  const text = String(t(i18nKey, values ?? {}));
  return <>{placeElements(text, components)}</>;
}

/** Exported for tests: the React children of `text` with `<n>…</n>` replaced by `components[n]`. */
export function placeElements(text: string, components: readonly ReactElement[]): ReactNode[] {
  const root: ReactNode[] = [];
  const stack: { index: number; children: ReactNode[] }[] = [];
  const current = () => stack.at(-1)?.children ?? root;
  const tag = /<(\/?)(\d+)>/g;
  let last = 0;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    if (m.index > last) current().push(text.slice(last, m.index));
    last = m.index + m[0].length;
    const index = Number(m[2]);
    if (!m[1]) stack.push({ index, children: [] });
    else if (stack.at(-1)?.index === index) {
      const open = stack.pop()!;
      const element = components[index];
      current().push(
        isValidElement(element)
          ? cloneElement(element, { key: `${index}-${current().length}` }, ...Children.toArray(open.children))
          : open.children,
      );
    } else current().push(m[0]);
  }
  if (last < text.length) current().push(text.slice(last));
  // An unclosed tag: its text stays, without the element.
  while (stack.length) {
    const open = stack.pop()!;
    current().push(...open.children);
  }
  return root;
}
