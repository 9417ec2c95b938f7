// One-time secrets of e-mail links (a password-recovery or activation token) are read from the URL once,
// then taken out of the address bar with `history.replaceState`, so that they stay neither in the history
// nor in a bookmark or a shared link. The router's own entry state is kept as it is.

/** The value of a query parameter of a search string (`?token=…`), or null. */
export const queryParam = (search: string, name: string) => new URLSearchParams(search).get(name);

/** Removes `names` from the query of the current address without a navigation; true when something was removed. */
export function removeFromAddressBar(
  names: readonly string[],
  win: Pick<Window, 'location' | 'history'> | undefined = typeof window === 'undefined' ? undefined : window,
): boolean {
  if (!win) return false;
  const url = new URL(win.location.href);
  const present = names.filter((n) => url.searchParams.has(n));
  if (present.length === 0) return false;
  for (const n of present) url.searchParams.delete(n);
  win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return true;
}
