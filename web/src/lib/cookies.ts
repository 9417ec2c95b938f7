// Browser cookies: read, write (max 90 days, spec §9: 86,400 s per day) and a change signal so
// React can re-render when this tab writes a cookie (`useCookie`).
import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

export const SECONDS_PER_DAY = 86_400;
/** Spec §9: no cookie lives longer than 90 days. */
export const COOKIE_MAX_DAYS = 90;

export interface CookieOptions {
  /** Lifetime in days (capped at 90); absent = session cookie. Fractions allowed. */
  maxAgeDays?: number;
  path?: string;
  domain?: string;
  secure?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
}

/**
 * Values are percent-encoded except the characters that are legal in a cookie value and
 * commonly used as joiners (`| : = & # $ + / < > ? @ [ ] ^ \` { }`), like js-cookie, so `a|b`
 * is written as is; reading decodes every `%XX`.
 */
export function encodeCookieValue(value: string): string {
  return encodeURIComponent(value).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g, decodeURIComponent);
}

export function decodeCookieValue(value: string): string {
  return value.replace(/(%[\dA-F]{2})+/gi, (m) => {
    try {
      return decodeURIComponent(m);
    } catch {
      return m;
    }
  });
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${encodeURIComponent(name)}=${encodeCookieValue(value)}`];
  if (options.maxAgeDays !== undefined) {
    const days = Math.min(COOKIE_MAX_DAYS, Math.max(0, options.maxAgeDays));
    parts.push(`Max-Age=${Math.round(days * SECONDS_PER_DAY)}`);
  }
  parts.push(`Path=${options.path ?? '/'}`);
  if (options.domain) parts.push(`Domain=${options.domain}`);
  if (options.sameSite) parts.push(`SameSite=${options.sameSite}`);
  // SameSite=None is only accepted on Secure cookies.
  if (options.secure || options.sameSite === 'None') parts.push('Secure');
  return parts.join('; ');
}

/** All cookies of a `document.cookie`-style string (the first occurrence of a name wins). */
export function parseCookies(cookieString: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of cookieString.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    if (!name || out.has(name)) continue;
    let value = part.slice(i + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    out.set(decodeCookieValue(name), decodeCookieValue(value));
  }
  return out;
}

function documentCookie(): string {
  try {
    return typeof document === 'undefined' ? '' : document.cookie;
  } catch {
    return '';
  }
}

export function readCookie(name: string, cookieString: string = documentCookie()): string | undefined {
  return parseCookies(cookieString).get(name);
}

const listeners = new Set<() => void>();
let version = 0;

function notify() {
  version++;
  for (const l of [...listeners]) l();
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  if (typeof document === 'undefined') return;
  try {
    document.cookie = serializeCookie(name, value, options);
  } catch {
    return;
  }
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once the first page has hydrated: a component mounted after that reads cookies from its first render. */
let hydrated = false;

/**
 * A cookie's value, re-read whenever this tab writes or deletes a cookie through this module.
 * Always undefined on the server and during hydration (the server render cannot see it). The render that shows
 * it after hydration is a transition: a store whose server and client snapshots differ would re-render its
 * components synchronously, in one long task with the rest of the page's first work.
 */
export function useCookie(name: string): string | undefined {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  const [hydrating, setHydrating] = useState(() => typeof document === 'undefined' || !hydrated);
  useEffect(() => {
    hydrated = true;
    if (hydrating) startTransition(() => setHydrating(false));
  }, [hydrating]);
  return hydrating ? undefined : readCookie(name);
}
