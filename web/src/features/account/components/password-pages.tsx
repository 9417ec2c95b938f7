import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { useLocation } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { ApiError, type Schemas } from '../../../lib/api-client';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { queryParam, removeFromAddressBar } from '../address-bar';
import { useChangePassword } from '../api/account-queries';
import { continueSignIn, useSetNewPasswordAndSignIn } from '../api/sign-in-continuation';
import { bodyField, isSessionLapsed, problemToFormErrors } from '../problem-fields';
import { useGoToSignIn } from '../use-account-navigation';
import { checkCurrentPassword, checkNewPassword, type MessageKey } from '../validation';
import { AccountShell, AuthLayout } from './account-layout';
import { ForgotPasswordDialog } from './email-request-dialog';
import { FormAlert, PasswordInput } from './fields';
import { useFormErrors } from './use-form-errors';

type Policy = Schemas['PasswordPageData']['passwordPolicy'];
const TOKEN = /^[A-Za-z0-9_-]{20,128}$/;

const tokenRefused = (error: unknown) =>
  error instanceof ApiError && (error.problem?.errors ?? []).some((e) => e.path === 'body/token');

/**
 * The new password of a recovery link (POST /api/password/new-password with `signIn: true`): on success the
 * shopper continues to the sign-in callback and lands signed in on the account page.
 */
export function NewPasswordForm({
  token,
  policy,
  label,
  onDone,
  onSigningIn,
  onTokenRefused,
}: {
  token: string;
  policy: Policy;
  label: string;
  onDone: () => void;
  onSigningIn: () => void;
  onTokenRefused: () => void;
}) {
  const { t } = useTranslation('account');
  const { locale } = useMarket();
  const setNew = useSetNewPasswordAndSignIn(locale);
  const [password, setPassword] = useState('');
  const form = useFormErrors();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = checkNewPassword(password, policy);
    if (problem) return form.fail({ fields: { newPassword: problem }, form: [] });
    form.clear();
    try {
      const continuation = await setNew.mutateAsync({ token, newPassword: password });
      if (!continuation) return onDone();
      onSigningIn();
      continueSignIn(continuation);
    } catch (error) {
      if (tokenRefused(error)) return onTokenRefused();
      form.fail(problemToFormErrors(error, bodyField(['newPassword'])));
    }
  };

  return (
    <form className="account-form" ref={form.formRef} onSubmit={submit} noValidate aria-label={label}>
      <FormAlert messages={form.errors.form} alertRef={form.alertRef} />
      <PasswordInput
        name="newPassword"
        label={t('fields.newPassword')}
        autoComplete="new-password"
        value={password}
        onChange={(v) => {
          setPassword(v);
          form.clearField('newPassword');
        }}
        error={form.field('newPassword')}
        description={t('password.policy', { count: policy.minLength })}
      />
      <Button type="submit" size="lg" isFullWidth isPending={setNew.isPending} pendingLabel={t('form.saving')}>
        {t('reset.submit')}
      </Button>
    </form>
  );
}

/**
 * `/myaccount/reset-password?token=…`, from the recovery e-mail (public page). The token is read from the URL
 * once and removed from the address bar; an expired or used link offers to send a new e-mail. With
 * `welcome=1` (the account-migration e-mail) the form greets a client of the former site, who never had a
 * password here, instead of speaking of replacing one.
 */
export function ResetPasswordPage({ data }: { data: Schemas['PasswordPageData'] }) {
  const { t } = useTranslation('account');
  const localize = useLocalizePath();
  const location = useLocation();
  const [token] = useState(() => {
    const value = queryParam(location.search, 'token');
    return value && TOKEN.test(value) ? value : null;
  });
  const [welcome] = useState(() => queryParam(location.search, 'welcome') === '1');
  const [state, setState] = useState<'form' | 'expired' | 'done' | 'signing-in'>(() =>
    token && data.tokenValid !== false ? 'form' : 'expired',
  );
  const [resend, setResend] = useState(false);
  const heading = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    removeFromAddressBar(['token', 'welcome']);
  }, []);
  useEffect(() => {
    if (state !== 'form') heading.current?.focus();
  }, [state]);

  const title =
    state === 'done' || state === 'signing-in'
      ? t(welcome ? 'reset.welcomeDoneTitle' : 'reset.doneTitle')
      : state === 'expired'
        ? t('reset.expiredTitle')
        : welcome
          ? t('reset.welcomeTitle')
          : t('reset.title');
  return (
    <AuthLayout
      title={
        <span ref={heading} tabIndex={-1}>
          {title}
        </span>
      }
      intro={state === 'form' ? t(welcome ? 'reset.welcomeIntro' : 'reset.intro') : undefined}
    >
      {state === 'form' && token && (
        <NewPasswordForm
          token={token}
          policy={data.passwordPolicy}
          label={welcome ? t('reset.welcomeTitle') : t('reset.title')}
          onDone={() => setState('done')}
          onSigningIn={() => setState('signing-in')}
          onTokenRefused={() => setState('expired')}
        />
      )}
      {state === 'signing-in' && (
        <p className="account-panel" role="status">
          {t('reset.signingIn')}
        </p>
      )}
      {state === 'done' && (
        <>
          <p className="account-panel" role="status">
            {t('reset.doneText')}
          </p>
          <LinkButton href={localize('/signin')} size="lg" isFullWidth>
            {t('reset.signIn')}
          </LinkButton>
        </>
      )}
      {state === 'expired' && (
        <>
          <p className="account-panel">{t('reset.linkExpired')}</p>
          <Button size="lg" isFullWidth onPress={() => setResend(true)}>
            {t('reset.requestNew')}
          </Button>
          <ForgotPasswordDialog isOpen={resend} onOpenChange={setResend} />
        </>
      )}
    </AuthLayout>
  );
}

/** `/myaccount/editpassword`: the signed-in customer's password change (POST /api/password/change). */
export function ChangePasswordPage({ data }: { data: Schemas['PasswordPageData'] }) {
  const { t } = useTranslation('account');
  const { locale } = useMarket();
  const change = useChangePassword(locale);
  const goToSignIn = useGoToSignIn();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '' });
  const [saved, setSaved] = useState(false);
  const form = useFormErrors();
  const set = (name: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setSaved(false);
    form.clearField(name);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const fields: Record<string, MessageKey> = {};
    const current = checkCurrentPassword(values.currentPassword);
    const next = checkNewPassword(values.newPassword, data.passwordPolicy);
    if (current) fields.currentPassword = current;
    if (next) fields.newPassword = next;
    else if (values.newPassword === values.currentPassword) fields.newPassword = 'account:validation.passwordUnchanged';
    if (Object.keys(fields).length) return form.fail({ fields, form: [] });
    form.clear();
    try {
      await change.mutateAsync(values);
      setValues({ currentPassword: '', newPassword: '' });
      setSaved(true);
    } catch (error) {
      if (isSessionLapsed(error)) return goToSignIn();
      form.fail(problemToFormErrors(error, bodyField(['currentPassword', 'newPassword'])));
    }
  };

  return (
    <AccountShell title={t('password.title')} intro={t('password.intro')}>
      <form
        className="account-form account-form--narrow"
        ref={form.formRef}
        onSubmit={submit}
        noValidate
        aria-labelledby="account-page-title"
      >
        <FormAlert messages={form.errors.form} alertRef={form.alertRef} />
        {saved && (
          <p className="account-status" role="status">
            {t('password.saved')}
          </p>
        )}
        <PasswordInput
          name="currentPassword"
          label={t('fields.currentPassword')}
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={form.field('currentPassword')}
        />
        <PasswordInput
          name="newPassword"
          label={t('fields.newPassword')}
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set('newPassword')}
          error={form.field('newPassword')}
          description={t('password.policy', { count: data.passwordPolicy.minLength })}
        />
        <Button type="submit" size="lg" isFullWidth isPending={change.isPending} pendingLabel={t('form.saving')}>
          {t('password.submit')}
        </Button>
      </form>
    </AccountShell>
  );
}
