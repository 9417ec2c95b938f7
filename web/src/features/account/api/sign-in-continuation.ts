// The activation and the password reset that sign the shopper in at once (`signIn: true`): the server answers
// the sign-in callback's address (`continueTo`), which the browser then loads as a page — the callback checks
// the state bound to this browser's session, opens the signed-in session and continues to the account page.
import { api, type Schemas } from '../../../lib/api-client';
import { noContent } from './account-queries';
import { useMutation } from '../../../lib/mutation';

export type SignInContinuation = Schemas['SignInContinuation'];
type Result = { data?: unknown; error?: unknown; response: Response };

/** 200: where to continue; 204: the account is ready but no sign-in was offered (sign in with the form). */
function continuationOf(result: Result): SignInContinuation | null {
  noContent(result);
  if (result.response.status === 204) return null;
  const answer = result.data as SignInContinuation | undefined;
  return answer && answer.continueTo.startsWith('/api/auth/callback?') ? answer : null;
}

/** Confirms an activation (`userId` + `activationToken`) and asks to be signed in. */
export function useActivateAndSignIn(locale: string) {
  return useMutation({
    mutationFn: async (body: { userId: string; activationToken: string }) =>
      continuationOf(
        await api.POST('/api/account/activate', { params: { query: { locale } }, body: { ...body, signIn: true } }),
      ),
  });
}

/** Sets the new password of a recovery link and asks to be signed in. */
export function useSetNewPasswordAndSignIn(locale: string) {
  return useMutation({
    mutationFn: async (body: { token: string; newPassword: string }) =>
      continuationOf(
        await api.POST('/api/password/new-password', {
          params: { query: { locale } },
          body: { ...body, signIn: true },
        }),
      ),
  });
}

/** A full page load of the callback (a same-origin path): the server answers the page and the new session cookie. */
export function continueSignIn(continuation: SignInContinuation): void {
  window.location.assign(continuation.continueTo);
}
