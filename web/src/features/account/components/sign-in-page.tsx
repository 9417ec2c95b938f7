import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { useLocation, useNavigate } from '../../../lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { ApiError, type Schemas } from '../../../lib/api-client';
import { useMarket } from '../../../lib/market-context';
import { forgetPersonalData, useLogin } from '../api/account-queries';
import { bodyField, noErrors, problemToFormErrors } from '../problem-fields';
import { recaptchaToken } from '../recaptcha';
import { returnUrlIn, sitePathIn } from '../return-url';
import { checkCurrentPassword, checkEmail, normalizeEmail, type MessageKey } from '../validation';
import { AuthLayout } from './account-layout';
import { AccountMigrationEntry } from './account-migration-dialog';
import { ActivateAccountDialog, ForgotPasswordDialog } from './email-request-dialog';
import { ExpiredPasswordDialog } from './expired-password-dialog';
import { FormAlert, PasswordInput, TextInput } from './fields';
import { useFormErrors } from './use-form-errors';

type Modal = 'forgot' | 'activate' | 'expired' | null;

export interface SignInFormProps {
  recaptchaSiteKey?: string | null;
  /** Called once signed in, with the customer session. */
  onSignedIn: (session: Schemas['CustomerSession']) => void;
}

/**
 * The sign-in form (POST /api/auth/login): e-mail address, password with "show", "forgot your password?" and
 * "activate your account" modals. A refused sign-in (wrong password, unknown address, account not activated,
 * expired password: all the same ERR_OKTA_1000) also offers to replace an expired password.
 */
export function SignInForm({ recaptchaSiteKey, onSignedIn }: SignInFormProps) {
  const { t } = useTranslation('account');
  const { locale } = useMarket();
  const login = useLogin(locale);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [modal, setModal] = useState<Modal>(null);
  const [refused, setRefused] = useState(false);
  const form = useFormErrors();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const fields: Record<string, MessageKey> = {};
    const emailProblem = checkEmail(email);
    const passwordProblem = checkCurrentPassword(password);
    if (emailProblem) fields.email = emailProblem;
    if (passwordProblem) fields.password = passwordProblem;
    if (emailProblem || passwordProblem) return form.fail({ fields, form: [] });
    form.clear();
    let token: string;
    try {
      token = await recaptchaToken('login', recaptchaSiteKey);
    } catch {
      return form.fail({ ...noErrors(), form: ['errors:ERR_RECAPTCHA_1001'] });
    }
    try {
      const session = await login.mutateAsync({ email: normalizeEmail(email), password, recaptchaToken: token });
      onSignedIn(session);
    } catch (error) {
      setRefused(error instanceof ApiError && error.code === 'ERR_OKTA_1000');
      setPassword('');
      form.fail(problemToFormErrors(error, bodyField(['email', 'password'])));
    }
  };

  return (
    <>
      <form className="account-form" ref={form.formRef} onSubmit={submit} noValidate aria-labelledby="sign-in-heading">
        <h2 id="sign-in-heading" className="account-section-title">
          {t('signIn.formTitle')}
        </h2>
        <FormAlert messages={form.errors.form} alertRef={form.alertRef} />
        {refused && (
          <p className="account-hint">
            {t('signIn.expiredHint')}{' '}
            <Button variant="ghost" size="sm" onPress={() => setModal('expired')}>
              {t('signIn.expiredAction')}
            </Button>
          </p>
        )}
        <TextInput
          name="email"
          type="email"
          label={t('fields.email')}
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(v) => {
            setEmail(v);
            form.clearField('email');
          }}
          error={form.field('email')}
          isRequired
        />
        <PasswordInput
          name="password"
          label={t('fields.password')}
          autoComplete="current-password"
          value={password}
          onChange={(v) => {
            setPassword(v);
            form.clearField('password');
          }}
          error={form.field('password')}
        />
        <div className="account-form__links">
          <Button variant="ghost" size="sm" onPress={() => setModal('forgot')}>
            {t('signIn.forgot')}
          </Button>
        </div>
        <Button type="submit" size="lg" isFullWidth isPending={login.isPending} pendingLabel={t('signIn.pending')}>
          {t('signIn.submit')}
        </Button>
        <p className="account-hint">
          {t('signIn.notActivated')}{' '}
          <Button variant="ghost" size="sm" onPress={() => setModal('activate')}>
            {t('signIn.activate')}
          </Button>
        </p>
      </form>
      <ForgotPasswordDialog
        isOpen={modal === 'forgot'}
        onOpenChange={(open) => setModal(open ? 'forgot' : null)}
        initialEmail={email}
        recaptchaSiteKey={recaptchaSiteKey}
      />
      <ActivateAccountDialog
        isOpen={modal === 'activate'}
        onOpenChange={(open) => setModal(open ? 'activate' : null)}
        initialEmail={email}
        recaptchaSiteKey={recaptchaSiteKey}
      />
      <ExpiredPasswordDialog
        isOpen={modal === 'expired'}
        onOpenChange={(open) => setModal(open ? 'expired' : null)}
        initialEmail={email}
        recaptchaSiteKey={recaptchaSiteKey}
      />
    </>
  );
}

/**
 * The sign-in page `/signin?returnUrl=…`: the form, and the way to create an account. Once signed in (or
 * when the session already is), the shopper goes on to `returnUrl` — a site path only — or the account.
 */
export function SignInPage({ data }: { data: Schemas['SignInPageData'] }) {
  const { t } = useTranslation('account');
  const { locale } = useMarket();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const target = returnUrlIn(locale, new URLSearchParams(location.search).get('returnUrl') ?? data.returnUrl);

  useEffect(() => {
    if (data.customerAuthenticated) void navigate(target, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a signed-in shopper is sent on once, when the sign-in is known; not again when the return URL changes
  }, [data.customerAuthenticated]);

  const onSignedIn = () => {
    void forgetPersonalData(queryClient);
    void navigate(target, { replace: true });
  };

  return (
    <AuthLayout title={t('signIn.title')} wide>
      <div className="account-auth__columns">
        <section className="account-auth__panel">
          <SignInForm recaptchaSiteKey={data.recaptchaSiteKey} onSignedIn={onSignedIn} />
        </section>
        <section className="account-auth__panel account-auth__panel--aside" aria-labelledby="new-client-heading">
          <h2 id="new-client-heading" className="account-section-title">
            {t('signIn.newClientTitle')}
          </h2>
          <p className="account-intro">{t('signIn.newClientText')}</p>
          <LinkButton href={sitePathIn(locale, data.signUpUrl || '/signup')} variant="secondary" size="lg" isFullWidth>
            {t('signIn.createAccount')}
          </LinkButton>
          <AccountMigrationEntry recaptchaSiteKey={data.recaptchaSiteKey} />
        </section>
      </div>
    </AuthLayout>
  );
}
