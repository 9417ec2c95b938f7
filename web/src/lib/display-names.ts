// Country and language names (`Intl.DisplayNames`), made once per locale, type and code. A phone's first
// `Intl.DisplayNames` in a language loads that language's display-name data: in a 4× slowed trace of a Japanese
// product page, the footer's two names were the largest piece of script while the page hydrated. The server's
// render records the names it made (`recordDisplayNames`) and the page carries them (the bootstrap's
// `displayNames`): the browser hydrates with the server's own texts (`seedDisplayNames`), which also keeps a
// browser whose ICU names a country differently from Node's from breaking the hydration.

type NameType = 'region' | 'language';

/** Names by key; null where Intl could not name the code (each caller then gets its own fallback). */
const made = new Map<string, string | null>();
/** While the server renders a page: the names that render asked for. */
let recording: Map<string, string> | undefined;

const keyOf = (locale: string, type: NameType, code: string) => `${locale}|${type}|${code}`;

/** The name of `code` (a region or a language) in `locale`; `fallback` when Intl cannot name it. */
export function displayName(locale: string, code: string, type: NameType, fallback = code): string {
  const key = keyOf(locale, type, code);
  let name = made.get(key);
  if (name === undefined) {
    try {
      name = new Intl.DisplayNames([locale], { type }).of(code) ?? null;
    } catch {
      name = null;
    }
    if (made.size >= 5_000) made.clear();
    made.set(key, name);
  }
  if (name === null) return fallback;
  recording?.set(key, name);
  return name;
}

/** Starts noting the names asked for (the server, around one synchronous render); the stop answers them. */
export function recordDisplayNames(): () => Record<string, string> {
  const names = new Map<string, string>();
  recording = names;
  return () => {
    if (recording === names) recording = undefined;
    return Object.fromEntries(names);
  };
}

/** The names a server render made, used as they are (the browser, before it hydrates). */
export function seedDisplayNames(names: Record<string, string> | undefined): void {
  for (const [key, name] of Object.entries(names ?? {})) if (typeof name === 'string') made.set(key, name);
}
