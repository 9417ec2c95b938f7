// @vitest-environment happy-dom
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from '../../../lib/router';

const network = vi.hoisted(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const fn = vi.fn<(request: Request) => Promise<Response>>();
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    fn(input instanceof Request ? input : new Request(input, init))) as typeof fetch;
  return fn;
});

import { AccountKit } from '../account-kit';
import { SignOutButton } from './account-layout';

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** The account page around the button, which a re-render of the page may mount again (a new key). */
function Page() {
  const [generation, setGeneration] = useState(0);
  return (
    <>
      <SignOutButton key={generation} />
      <button type="button" onClick={() => setGeneration((g) => g + 1)}>
        re-render
      </button>
    </>
  );
}

let answer: (response: Response) => void;
beforeEach(() => {
  network.mockReset();
  network.mockImplementation(
    (request) =>
      new Promise<Response>((resolve) => {
        expect(new URL(request.url).pathname).toBe('/customer-service/v1/logout');
        answer = resolve;
      }),
  );
});
afterEach(cleanup);

const renderPage = () =>
  render(
    <AccountKit locale="en-us" path="/myaccount/editpassword">
      <Page />
      <Where />
    </AccountKit>,
  );

describe('SignOutButton', () => {
  it('lands on the signed-out page once signed out, even when the page re-rendered the button meanwhile', async () => {
    renderPage();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Sign out' })));
    await waitFor(() => expect(network).toHaveBeenCalledTimes(1));
    // The button is mounted again before the answer comes (the page re-rendered it).
    act(() => fireEvent.click(screen.getByRole('button', { name: 're-render' })));
    await act(async () => answer(new Response(null, { status: 204 })));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/logout'));
  });

  it('stays on the page, the refusal said beside the button, when signing out fails', async () => {
    renderPage();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Sign out' })));
    await waitFor(() => expect(network).toHaveBeenCalledTimes(1));
    await act(async () =>
      answer(
        new Response(JSON.stringify({ type: 'x', title: 'x', status: 503, code: 'ERR_API_1017' }), {
          status: 503,
          headers: { 'Content-Type': 'application/problem+json' },
        }),
      ),
    );
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/myaccount/editpassword');
  });
});
