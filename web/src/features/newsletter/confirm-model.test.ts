import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { stateOfAnswer, tokenOfHash } from './confirm-model';

const token = 'bVdLcTJ4Wm5QcjhGd0VqU3VZbjRoQ3ZtTjdnUTNkYUs';

describe('newsletter confirmation model', () => {
  it('reads the token of the link’s fragment only when it is well formed', () => {
    expect(tokenOfHash(`#token=${token}`)).toBe(token);
    expect(tokenOfHash(`token=${token}`)).toBe(token);
    expect(tokenOfHash('')).toBeNull();
    expect(tokenOfHash('#token=')).toBeNull();
    expect(tokenOfHash('#token=abc')).toBeNull();
    expect(tokenOfHash(`#token=${token}%3Cscript%3E`)).toBeNull();
  });

  it('maps each answer to what the page says', () => {
    expect(stateOfAnswer({ status: 'confirmed' })).toEqual({ kind: 'confirmed' });
    expect(stateOfAnswer({ status: 'alreadyConfirmed' })).toEqual({ kind: 'already-confirmed' });
    const problem = (status: number, code: string) =>
      new ApiError(status, { type: 'about:blank', title: '', status, code } as never);
    expect(stateOfAnswer({ error: problem(410, 'ERR_NWS_API_1003') })).toEqual({ kind: 'invalid' });
    expect(stateOfAnswer({ error: problem(400, 'ERR_API_1018') })).toEqual({ kind: 'invalid' });
    expect(stateOfAnswer({ error: problem(429, 'ERR_API_1028') })).toEqual({
      kind: 'failed',
      message: 'errors:ERR_API_1028',
    });
    expect(stateOfAnswer({ error: problem(502, 'ERR_NWS_API_1002') })).toEqual({
      kind: 'failed',
      message: 'errors:ERR_NWS_API_1002',
    });
    expect(stateOfAnswer({ error: new TypeError('Failed to fetch') })).toEqual({
      kind: 'failed',
      message: 'errors:ERR_NWS_API_1002',
    });
  });
});

describe('the confirmation page’s address', () => {
  it('is /{locale}/newsletter/confirm, whose data never carries the fragment', async () => {
    const { matchPage, pageDataUrl } = await import('../../lib/paths');
    const match = matchPage('/de-de/newsletter/confirm');
    expect(match).toEqual({ kind: 'newsletter-confirm', locale: 'de-de' });
    expect(pageDataUrl(match, '?utm_source=email')).toBe('/ssr/newsletter/confirm?locale=de-de');
    expect(pageDataUrl(matchPage('/newsletter/confirm'), '')).toBe('/ssr/newsletter/confirm?locale=en-us');
    expect(matchPage('/de-de/newsletter/other').kind).toBe('not-found');
  });
});
