import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Checkbox, FieldError, Input, Label, Text, TextField } from 'react-aria-components';
import { Button } from '../../../components/ui/button';
import { ApiError, type Schemas } from '../../../lib/api-client';
import { useMarket } from '../../../lib/market-context';
import { useBackInStock } from '../api/product-queries';
import { checkEmail } from '../notify-email';
import { recaptchaToken } from '../../../lib/recaptcha';

// Server answers that concern the email field are shown beside it; the others under the form.
const EMAIL_CODES = new Set(['ERR_PDT_API_1002', 'ERR_API_1018']);

/**
 * "Notify me" for a size that cannot be bought: the email (checked as spec §5 says before sending),
 * the consent to be emailed, and the server's answer — translated, beside the field it concerns.
 */
export function NotifyMeForm({
  pid,
  size,
  sizeLabel,
  oneSize = false,
}: {
  pid: string;
  size: string;
  sizeLabel: string;
  oneSize?: boolean;
}) {
  const { t } = useTranslation('product');
  const { locale } = useMarket();
  const subscribe = useBackInStock(pid, locale);
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [consentError, setConsentError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [done, setDone] = useState<Schemas['BackInStockSubscription'] | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(undefined);
    const checked = checkEmail(email);
    const emailProblem = checked.problem ? t(`notify.email.${checked.problem}`) : undefined;
    setEmailError(emailProblem);
    setConsentError(consent ? undefined : t('notify.consentRequired'));
    if (emailProblem || !consent) return;
    let token: string;
    try {
      token = await recaptchaToken('back_in_stock');
    } catch {
      return setFormError(t('errors:ERR_RECAPTCHA_1001'));
    }
    subscribe.mutate(
      { email: checked.email, size, locale, recaptchaToken: token, consent: true },
      {
        onSuccess: (subscription) => setDone(subscription),
        onError: (err) => {
          const code = err instanceof ApiError ? err.code : 'API_UNKNOWN_ERROR';
          if (code === 'ERR_PDT_API_1002') setEmailError(t('notify.email.typo'));
          else if (EMAIL_CODES.has(code)) setEmailError(t('notify.email.invalid'));
          else setFormError(t(`errors:${code}`));
        },
      },
    );
  };

  if (done) {
    return (
      <p className="notify-me__done" role="status" data-testid="notify-me-done">
        {oneSize
          ? t('notify.doneOneSize', { email: done.email })
          : t('notify.done', { email: done.email, size: sizeLabel })}
      </p>
    );
  }

  return (
    <form className="notify-me" onSubmit={submit} noValidate aria-labelledby="notify-me-title">
      <h2 id="notify-me-title" className="notify-me__title">
        {t('notify.title')}
      </h2>
      <p className="notify-me__intro">{oneSize ? t('notify.introOneSize') : t('notify.intro', { size: sizeLabel })}</p>
      <TextField
        className="notify-me__field"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        isInvalid={Boolean(emailError)}
        isRequired
      >
        <Label className="notify-me__label">{t('notify.email.label')}</Label>
        <Input className="notify-me__input" inputMode="email" spellCheck={false} />
        <FieldError className="notify-me__error">{emailError}</FieldError>
      </TextField>
      <Checkbox
        className="notify-me__consent"
        isSelected={consent}
        onChange={setConsent}
        isInvalid={Boolean(consentError)}
        name="consent"
      >
        <span className="notify-me__box" aria-hidden="true">
          <svg viewBox="0 0 16 16" focusable="false">
            <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </span>
        <Text className="notify-me__consent-text">{t('notify.consent')}</Text>
      </Checkbox>
      {consentError && <p className="notify-me__error">{consentError}</p>}
      {formError && (
        <p className="notify-me__error" role="alert">
          {formError}
        </p>
      )}
      <Button
        type="submit"
        variant="secondary"
        size="lg"
        isFullWidth
        isPending={subscribe.isPending}
        pendingLabel={t('notify.sending')}
      >
        {t('notify.submit')}
      </Button>
    </form>
  );
}
