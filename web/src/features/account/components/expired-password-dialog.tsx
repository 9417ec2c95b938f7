import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { trackPopinInteraction } from '../../../lib/analytics';
import { useMarket } from '../../../lib/market-context';
import { useChangeExpiredPassword } from '../api/account-queries';
import { bodyField, noErrors, problemToFormErrors } from '../problem-fields';
import { recaptchaToken } from '../recaptcha';
import {
  checkCurrentPassword,
  checkEmail,
  checkNewPassword,
  normalizeEmail,
  PASSWORD_MIN_LENGTH,
  type MessageKey,
} from '../validation';
import { FormAlert, PasswordInput, TextInput } from './fields';
import { useFormErrors } from './use-form-errors';

const FIELDS = ['email', 'currentPassword', 'newPassword'] as const;

/**
 * Replaces an expired password (POST /api/password/change-expired): offered by the sign-in form after a
 * refused sign-in, since an expired password is refused like any wrong one (no enumeration).
 */
export function ExpiredPasswordDialog({
  isOpen,
  onOpenChange,
  initialEmail = '',
  recaptchaSiteKey,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  initialEmail?: string;
  recaptchaSiteKey?: string | null;
}) {
  const { t } = useTranslation('account');
  const { locale } = useMarket();
  const change = useChangeExpiredPassword(locale);
  const [values, setValues] = useState({ email: initialEmail, currentPassword: '', newPassword: '' });
  const [done, setDone] = useState(false);
  const form = useFormErrors();

  useEffect(() => {
    if (!isOpen) return;
    setValues({ email: initialEmail, currentPassword: '', newPassword: '' });
    setDone(false);
    form.clear();
    trackPopinInteraction('expired-password', 'open');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form is reset each time the dialog opens, not when its initial e-mail changes while open
  }, [isOpen]);

  const set = (name: (typeof FIELDS)[number]) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    form.clearField(name);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const fields: Record<string, MessageKey> = {};
    const checks = {
      email: checkEmail(values.email),
      currentPassword: checkCurrentPassword(values.currentPassword),
      newPassword: checkNewPassword(values.newPassword),
    };
    for (const [name, problem] of Object.entries(checks)) if (problem) fields[name] = problem;
    if (Object.keys(fields).length) return form.fail({ fields, form: [] });
    form.clear();
    let token: string;
    try {
      token = await recaptchaToken('password_change_expired', recaptchaSiteKey);
    } catch {
      return form.fail({ ...noErrors(), form: ['errors:ERR_RECAPTCHA_1001'] });
    }
    try {
      await change.mutateAsync({
        email: normalizeEmail(values.email),
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        recaptchaToken: token,
      });
      trackPopinInteraction('expired-password', 'submit');
      setDone(true);
    } catch (error) {
      form.fail(problemToFormErrors(error, bodyField(FIELDS)));
    }
  };

  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title={t('expired.title')} closeLabel={t('form.close')}>
      {done ? (
        <div className="account-dialog">
          <p className="account-status" role="status">
            {t('expired.done')}
          </p>
          <Button variant="secondary" isFullWidth onPress={() => onOpenChange(false)}>
            {t('form.close')}
          </Button>
        </div>
      ) : (
        <form className="account-dialog account-form" ref={form.formRef} onSubmit={submit} noValidate>
          <p className="account-intro">{t('expired.intro')}</p>
          <FormAlert messages={form.errors.form} alertRef={form.alertRef} />
          <TextInput
            name="email"
            type="email"
            label={t('fields.email')}
            autoComplete="username"
            inputMode="email"
            value={values.email}
            onChange={set('email')}
            error={form.field('email')}
            isRequired
          />
          <PasswordInput
            name="currentPassword"
            label={t('expired.currentPassword')}
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
            description={t('password.policy', { count: PASSWORD_MIN_LENGTH })}
          />
          <Button type="submit" isFullWidth isPending={change.isPending} pendingLabel={t('form.sending')}>
            {t('expired.submit')}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
