import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { trackPopinInteraction } from '../../../lib/analytics';
import { useMarket } from '../../../lib/market-context';
import { useActivateAccount, useRequestPasswordReset } from '../api/account-queries';
import { problemToFormErrors, bodyField, noErrors } from '../problem-fields';
import { recaptchaToken, type RecaptchaAction } from '../recaptcha';
import { checkEmail, normalizeEmail } from '../validation';
import { FormAlert, TextInput } from './fields';
import { useFormErrors } from './use-form-errors';

export interface EmailRequestDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The address already typed on the page, if any. */
  initialEmail?: string;
  recaptchaSiteKey?: string | null;
}

export interface EmailRequestTexts {
  popin: string;
  action: RecaptchaAction;
  title: string;
  intro: string;
  submit: string;
  sending: string;
  done: (email: string) => string;
}

/**
 * A modal asking for an e-mail address and sending one request with it (and a reCAPTCHA token). The API
 * answers 204 for any address (no enumeration), so the confirmation never says whether an account exists.
 */
export function EmailRequestDialog({
  isOpen,
  onOpenChange,
  initialEmail = '',
  recaptchaSiteKey,
  texts,
  send,
  isPending,
}: EmailRequestDialogProps & {
  texts: EmailRequestTexts;
  send: (email: string, token: string) => Promise<void>;
  isPending: boolean;
}) {
  const { t } = useTranslation('account');
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useFormErrors();

  useEffect(() => {
    if (!isOpen) return;
    setEmail(initialEmail);
    setSentTo(null);
    form.clear();
    trackPopinInteraction(texts.popin, 'open');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form is reset each time the dialog opens, not when its initial e-mail changes while open
  }, [isOpen]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = checkEmail(email);
    if (problem) return form.fail({ fields: { email: problem }, form: [] });
    form.clear();
    let token: string;
    try {
      token = await recaptchaToken(texts.action, recaptchaSiteKey);
    } catch {
      return form.fail({ ...noErrors(), form: ['errors:ERR_RECAPTCHA_1001'] });
    }
    try {
      await send(normalizeEmail(email), token);
      trackPopinInteraction(texts.popin, 'submit');
      setSentTo(normalizeEmail(email));
    } catch (error) {
      form.fail(problemToFormErrors(error, bodyField(['email'])));
    }
  };

  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title={texts.title} closeLabel={t('form.close')}>
      {sentTo ? (
        <div className="account-dialog">
          <p className="account-status" role="status">
            {texts.done(sentTo)}
          </p>
          <Button variant="secondary" isFullWidth onPress={() => onOpenChange(false)}>
            {t('form.close')}
          </Button>
        </div>
      ) : (
        <form className="account-dialog account-form" ref={form.formRef} onSubmit={submit} noValidate>
          <p className="account-intro">{texts.intro}</p>
          <FormAlert messages={form.errors.form} alertRef={form.alertRef} />
          <TextInput
            name="email"
            type="email"
            label={t('fields.email')}
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(v) => {
              setEmail(v);
              form.clearField('email');
            }}
            error={form.field('email')}
            isRequired
          />
          <Button type="submit" isFullWidth isPending={isPending} pendingLabel={texts.sending}>
            {texts.submit}
          </Button>
        </form>
      )}
    </Dialog>
  );
}

/** "Forgot your password?": POST /api/password/reset sends a link valid 60 minutes. */
export function ForgotPasswordDialog(props: EmailRequestDialogProps) {
  const { t } = useTranslation('account');
  const { locale } = useMarket();
  const reset = useRequestPasswordReset(locale);
  return (
    <EmailRequestDialog
      {...props}
      isPending={reset.isPending}
      send={(email, recaptcha) => reset.mutateAsync({ email, recaptchaToken: recaptcha })}
      texts={{
        popin: 'forgot-password',
        action: 'password_reset',
        title: t('forgot.title'),
        intro: t('forgot.intro'),
        submit: t('forgot.submit'),
        sending: t('form.sending'),
        done: (email) => t('forgot.done', { email }),
      }}
    />
  );
}

/** "Activate your account": POST /api/account/activate with the e-mail sends the activation e-mail again. */
export function ActivateAccountDialog(props: EmailRequestDialogProps) {
  const { t } = useTranslation('account');
  const { locale } = useMarket();
  const activate = useActivateAccount(locale);
  return (
    <EmailRequestDialog
      {...props}
      isPending={activate.isPending}
      send={(email, recaptcha) => activate.mutateAsync({ email, recaptchaToken: recaptcha })}
      texts={{
        popin: 'activate-account',
        action: 'account_activation',
        title: t('activation.dialogTitle'),
        intro: t('activation.dialogIntro'),
        submit: t('activation.dialogSubmit'),
        sending: t('form.sending'),
        done: (email) => t('activation.dialogDone', { email }),
      }}
    />
  );
}
