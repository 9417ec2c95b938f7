// @vitest-environment happy-dom
// The last page of a return or exchange: the request as sent, or — when its parcel never reached the house in
// time and the request lapsed — a closed request that says so instead of thanking.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReturnsKit } from '../returns-kit';
import { returnsStoryData } from '../returns-story-data';
import { ReturnThankYou } from './return-thank-you';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const { thanksEn } = returnsStoryData;

function show(data: typeof thanksEn) {
  render(
    <ReturnsKit locale="en-us" path="/myaccount/return-thank-you">
      <ReturnThankYou data={data} />
    </ReturnsKit>,
  );
}

describe('the return thank-you page', () => {
  it('thanks for a request that is open, with its send-back date and the e-mail note', () => {
    show(thanksEn);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank you, your request is registered');
    expect(screen.getByText('Send back by')).toBeTruthy();
    expect(screen.getByText('A confirmation has been sent to you by e-mail.')).toBeTruthy();
  });

  it('says a lapsed request is closed, without a send-back date, and lists what the server says to do now', () => {
    const steps = ['Your request was closed.', 'If you have already sent the parcel, please contact Client Service.'];
    show({ ...thanksEn, request: { ...thanksEn.request, status: 'cancelled' }, nextSteps: steps });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This request has been closed');
    expect(screen.getByText(/was closed because the parcel did not reach us in time/)).toBeTruthy();
    expect(screen.queryByText('Send back by')).toBeNull();
    expect(screen.queryByText('A confirmation has been sent to you by e-mail.')).toBeNull();
    for (const step of steps) expect(screen.getByText(step)).toBeTruthy();
  });
});
