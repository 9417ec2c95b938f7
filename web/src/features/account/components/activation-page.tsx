import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { useLocation } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { Spinner } from '../../../components/ui/spinner';
import type { Schemas } from '../../../lib/api-client';
import { useMarket } from '../../../lib/market-context';
import { queryParam, removeFromAddressBar } from '../address-bar';
import { continueSignIn, useActivateAndSignIn } from '../api/sign-in-continuation';
import { problemToFormErrors } from '../problem-fields';
import { sitePathIn } from '../return-url';
import type { MessageKey } from '../validation';
import { AuthLayout } from './account-layout';
import { ActivateAccountDialog } from './email-request-dialog';
import { FormAlert } from './fields';

const TOKEN = /^[A-Za-z0-9_-]{20,128}$/;
/** The activation link's token parameter (`/myaccount/activate?userId=…&token=…`). */
const TOKEN_PARAMS = ['token', 'activationToken'] as const;

type State =
  | { kind: 'confirming' }
  | { kind: 'active' }
  | { kind: 'signing-in' }
  | { kind: 'already-active' }
  | { kind: 'no-token' }
  | { kind: 'failed'; messages: MessageKey[] };

function initialState(status: Schemas['CustomerAccountStatus'], token: string | null): State {
  if (status !== 'PROVISIONED') return { kind: 'already-active' };
  return token ? { kind: 'confirming' } : { kind: 'no-token' };
}

/**
 * `/myaccount/activate?userId=…&token=…`, from the activation e-mail (public page): confirms the activation
 * with the link's `userId` and one-time token (POST /api/account/activate with `signIn: true`), then continues
 * to the sign-in callback, which lands the shopper signed in on the account page (or, when no sign-in is
 * offered, offers to sign in). The token leaves the address bar as soon as it is read.
 */
export function ActivationPage({ data }: { data: Schemas['AccountActivationPageData'] }) {
  const { t } = useTranslation('account');
  const { locale } = useMarket();
  const location = useLocation();
  const activate = useActivateAndSignIn(locale);
  const [token] = useState(() => {
    const value = TOKEN_PARAMS.map((p) => queryParam(location.search, p)).find((v) => v !== null) ?? null;
    return value && TOKEN.test(value) ? value : null;
  });
  const [state, setState] = useState<State>(() => initialState(data.accountStatus, token));
  const [resend, setResend] = useState(false);
  const started = useRef(false);
  const heading = useRef<HTMLSpanElement>(null);

  const confirm = () => {
    if (!token) return;
    setState({ kind: 'confirming' });
    // Awaited rather than callbacks of `mutate` (dropped if the page is mounted again meanwhile): the one-time
    // token is spent by the first answer, so that answer must always be acted on.
    void activate.mutateAsync({ userId: data.userId, activationToken: token }).then(
      (continuation) => {
        if (!continuation) return setState({ kind: 'active' });
        setState({ kind: 'signing-in' });
        continueSignIn(continuation);
      },
      (error: unknown) => setState({ kind: 'failed', messages: problemToFormErrors(error, () => null).form }),
    );
  };

  useEffect(() => {
    removeFromAddressBar(TOKEN_PARAMS);
    if (started.current || state.kind !== 'confirming') return;
    started.current = true;
    confirm();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link's token is confirmed once, when the page opens
  }, []);

  useEffect(() => {
    if (state.kind === 'active' || state.kind === 'signing-in') heading.current?.focus();
  }, [state.kind]);

  const signInUrl = sitePathIn(locale, data.signInUrl || '/signin');
  const title =
    state.kind === 'active' || state.kind === 'already-active' || state.kind === 'signing-in'
      ? t('activation.activeTitle')
      : t('activation.title');

  return (
    <AuthLayout
      title={
        <span ref={heading} tabIndex={-1}>
          {title}
        </span>
      }
    >
      <div className="account-panel" aria-live="polite">
        {state.kind === 'confirming' && (
          <div className="account-pending">
            <Spinner size="md" label={t('activation.confirming')} />
            <p>{t('activation.confirming')}</p>
          </div>
        )}
        {state.kind === 'active' && <p role="status">{t('activation.activeText', { email: data.maskedEmail })}</p>}
        {state.kind === 'signing-in' && (
          <div className="account-pending" role="status">
            <Spinner size="md" label={t('activation.signingIn')} />
            <p>{t('activation.signingIn')}</p>
          </div>
        )}
        {state.kind === 'already-active' && <p>{t('activation.alreadyActive', { email: data.maskedEmail })}</p>}
        {state.kind === 'no-token' && <p>{t('activation.noToken')}</p>}
        {state.kind === 'failed' && <FormAlert messages={state.messages} />}
      </div>
      <div className="account-actions">
        {(state.kind === 'active' || state.kind === 'already-active') && (
          <LinkButton href={signInUrl} size="lg" isFullWidth>
            {t('activation.signIn')}
          </LinkButton>
        )}
        {state.kind === 'failed' && token && (
          <Button
            size="lg"
            isFullWidth
            onPress={confirm}
            isPending={activate.isPending}
            pendingLabel={t('activation.confirming')}
          >
            {t('activation.retry')}
          </Button>
        )}
        {(state.kind === 'failed' || state.kind === 'no-token') && (
          <Button variant="secondary" size="lg" isFullWidth onPress={() => setResend(true)}>
            {t('activation.resend')}
          </Button>
        )}
      </div>
      <ActivateAccountDialog isOpen={resend} onOpenChange={setResend} />
    </AuthLayout>
  );
}
