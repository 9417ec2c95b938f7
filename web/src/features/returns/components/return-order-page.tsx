import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { ApiError, type Schemas } from '../../../lib/api-client';
import { FormMessage, TextField } from '../../../lib/components/form-fields';
import { normalizeEmail } from '../../../lib/forms/validation';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { recaptchaToken } from '../../../lib/recaptcha';
import { useFindOrder } from '../api/return-queries';
import { guestReturnPath, lookupErrorsOf, validateLookup, type LookupErrors, type LookupValues } from '../return-model';
import './returns.css';

export interface ReturnOrderPageProps {
  data: Schemas['ReturnOrderPageData'];
  /** The return policy (its content page), composed by the route. */
  help?: ReactNode;
}

/**
 * `/return-order` (form `trackOrder`): a guest gives the order number and the e-mail address used for the order,
 * with reCAPTCHA; the order found, the return or exchange goes on at `/guest/return-exchange?transactionUuid=…`.
 */
export function ReturnOrderPage({ data, help }: ReturnOrderPageProps) {
  const { t } = useTranslation('returns');
  const { locale } = useMarket();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const [values, setValues] = useState<LookupValues>({ orderNumber: '', email: '' });
  const [errors, setErrors] = useState<LookupErrors>({});
  const [pending, setPending] = useState(false);
  const find = useFindOrder(locale);
  const formRef = useRef<HTMLFormElement>(null);
  const set = (field: keyof LookupValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };
  const focusError = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus());

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const found = validateLookup(values);
    setErrors(found);
    if (Object.keys(found).length) return focusError();
    setPending(true);
    try {
      const token = await recaptchaToken('return_order', data.recaptchaSiteKey).catch(() => null);
      if (!token) {
        setErrors({ form: 'errors:ERR_RECAPTCHA_1001' });
        return focusError();
      }
      const order = await find.mutateAsync({ orderNumber: values.orderNumber.trim().toUpperCase(), email: normalizeEmail(values.email), recaptchaToken: token });
      if (!order.transactionUuid) {
        setErrors({ form: 'errors:ERR_ORDER_DETAILS' });
        return focusError();
      }
      void navigate(localize(guestReturnPath(order.transactionUuid)));
    } catch (err) {
      setErrors(lookupErrorsOf(err instanceof ApiError ? err.code : undefined));
      focusError();
    } finally {
      setPending(false);
    }
  };
  const error = (field: keyof LookupErrors) => (errors[field] ? t(errors[field]!) : undefined);

  return (
    <div className="return-order">
      <header className="return-order__header">
        <p className="return-kicker">{t('lookup.kicker')}</p>
        <h1 className="return-order__title">{t('lookup.title')}</h1>
        <p className="return-hint return-order__intro">{t('lookup.intro')}</p>
      </header>
      <div className="return-order__layout">
        <form ref={formRef} className="return-order__form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="return-order-form-title" data-form-id={data.formId}>
          <h2 id="return-order-form-title" className="return-order__form-title">
            {t('lookup.formTitle')}
          </h2>
          {errors.form && <FormMessage>{error('form')}</FormMessage>}
          <TextField
            name="orderNumber"
            label={t('lookup.orderNumber')}
            value={values.orderNumber}
            onChange={set('orderNumber')}
            isRequired
            ltr
            maxLength={20}
            autoComplete="off"
            error={error('orderNumber')}
            description={t('lookup.orderNumberHint')}
          />
          <TextField name="email" type="email" label={t('lookup.email')} value={values.email} onChange={set('email')} isRequired autoComplete="email" inputMode="email" maxLength={254} error={error('email')} description={t('lookup.emailHint')} />
          <Button type="submit" size="lg" isFullWidth isPending={pending} pendingLabel={t('lookup.pending')}>
            {t('lookup.submit')}
          </Button>
          <p className="return-hint return-order__signin">
            {t('lookup.signInPrompt')} <Link to={localize('/signin?returnUrl=/myaccount/orders')}>{t('lookup.signIn')}</Link>
          </p>
        </form>
        <aside className="return-order__policy" aria-labelledby="return-policy-title">
          <h2 id="return-policy-title" className="return-order__policy-title">
            {t('policy.title')}
          </h2>
          <ol className="return-order__how" role="list">
            {data.steps
              .filter((s) => s !== 'orderDetails')
              .map((s) => (
                <li key={s}>
                  <span className="return-order__how-label">{t(`steps.${s}`)}</span>
                  <span className="return-hint">{t(`policy.${s}`)}</span>
                </li>
              ))}
          </ol>
          <ul className="return-summary__perks" role="list">
            <li>{t('summary.freeReturn')}</li>
            <li>{t('summary.window', { days: 30 })}</li>
            {data.flowTypes.includes('Exchange') && <li>{t('policy.exchange')}</li>}
          </ul>
          {help}
        </aside>
      </div>
    </div>
  );
}
