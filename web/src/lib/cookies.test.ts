import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COOKIE_MAX_DAYS,
  decodeCookieValue,
  encodeCookieValue,
  parseCookies,
  readCookie,
  serializeCookie,
  writeCookie,
} from './cookies';

afterEach(() => vi.unstubAllGlobals());

describe('cookies', () => {
  it('serialises with Max-Age in seconds, capped at 90 days', () => {
    expect(serializeCookie('a', 'b', { maxAgeDays: 30 })).toBe('a=b; Max-Age=2592000; Path=/');
    expect(serializeCookie('a', 'b', { maxAgeDays: 365 })).toBe(`a=b; Max-Age=${COOKIE_MAX_DAYS * 86_400}; Path=/`);
    expect(serializeCookie('a', 'b')).toBe('a=b; Path=/');
  });

  it('adds Secure with SameSite=None', () => {
    expect(serializeCookie('a', 'b', { sameSite: 'None' })).toBe('a=b; Path=/; SameSite=None; Secure');
  });

  it('keeps joiners readable and round-trips every value', () => {
    expect(encodeCookieValue('123|20260101_1200|1767268800|abc')).toBe('123|20260101_1200|1767268800|abc');
    expect(encodeCookieValue('C0001:1,C0002:0; x')).toBe('C0001:1%2CC0002:0%3B%20x');
    for (const v of ['a b;c,d', 'é|ü', '100%', '"quoted"']) expect(decodeCookieValue(encodeCookieValue(v))).toBe(v);
  });

  it('parses document.cookie strings', () => {
    const jar = parseCookies('a=1; b=x%2Cy; c="q"; a=2; junk');
    expect(jar.get('a')).toBe('1');
    expect(jar.get('b')).toBe('x,y');
    expect(jar.get('c')).toBe('q');
    expect(readCookie('b', 'b=%E0%A4%A')).toBe('%E0%A4%A');
    expect(readCookie('zzz', 'a=1')).toBeUndefined();
  });

  it('writes through document.cookie and is a no-op on the server', () => {
    expect(() => writeCookie('a', 'b')).not.toThrow();
    const doc = { cookie: '' };
    vi.stubGlobal('document', doc);
    writeCookie('x', 'y|z', { maxAgeDays: 1 });
    expect(doc.cookie).toBe('x=y|z; Max-Age=86400; Path=/');
  });
});
