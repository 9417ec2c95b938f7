import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { ApiError, type Schemas } from '../../../lib/api-client';
import { FormMessage, TextField } from '../../../lib/components/form-fields';
import { formatDay } from '../../../lib/format';
import { normalizeEmail } from '../../../lib/forms/validation';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { recaptchaToken } from '../../../lib/recaptcha';
import { useTrackOrder } from '../api/order-queries';
import { guestOrderPath, trackErrorsOf, validateTrack, type Order, type TrackErrors, type TrackValues } from '../order-model';
import { OrderParcels, OrderTitle, StatusBadge } from './order-detail';
import { OrderTimeline } from './order-timeline';
import './orders.css';

/** The order found: its status and timeline, its parcels, and the way to the whole order. */
export function TrackedOrder({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const { locale } = useMarket();
  const localize = useLocalizePath();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [order.orderNumber]);
  return (
    <section className="tracked-order" aria-labelledby="tracked-order-title" data-testid="tracked-order">
      <div className="tracked-order__head">
        <h2 id="tracked-order-title" className="tracked-order__title" tabIndex={-1} ref={heading}>
          <OrderTitle orderNumber={order.orderNumber} />
        </h2>
        <StatusBadge status={order.status} />
      </div>
      <p className="order-hint">{t('detail.placedOn', { date: formatDay(order.placedAt.slice(0, 10), locale, { day: 'numeric', month: 'long', year: 'numeric' }) })}</p>
      <OrderTimeline order={order} />
      <OrderParcels order={order} />
      {order.transactionUuid && (
        <LinkButton href={localize(guestOrderPath(order.transactionUuid))} variant="secondary" className="tracked-order__details">
          {t('track.details')}
        </LinkButton>
      )}
    </section>
  );
}

export interface TrackOrderPageProps {
  data: Schemas['TrackOrderPageData'];
  /** The page's help text (its content page), composed by the route. */
  help?: ReactNode;
}

/**
 * `/track-order` (form `trackOrder`): the order number and the e-mail address given when ordering, with
 * reCAPTCHA, then the order inline — status timeline, parcels and tracking links — and the way to its page.
 * Refusals are said beside the field they are about (an address that does not match: ERR_EMAIL_1003).
 */
export function TrackOrderPage({ data, help }: TrackOrderPageProps) {
  const { t } = useTranslation('orders');
  const { locale } = useMarket();
  const localize = useLocalizePath();
  const { search } = useLocation();
  const [values, setValues] = useState<TrackValues>(() => ({ orderNumber: new URLSearchParams(search).get('orderNumber')?.slice(0, 20) ?? '', email: '' }));
  const [errors, setErrors] = useState<TrackErrors>({});
  const [order, setOrder] = useState<Order | null>(null);
  const [pending, setPending] = useState(false);
  const track = useTrackOrder(locale);
  const formRef = useRef<HTMLFormElement>(null);
  const set = (field: keyof TrackValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };
  const focusError = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus());

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const found = validateTrack(values);
    setErrors(found);
    if (Object.keys(found).length) return focusError();
    setPending(true);
    try {
      const token = await recaptchaToken('track_order', data.recaptchaSiteKey).catch(() => null);
      if (!token) {
        setErrors({ form: 'errors:ERR_RECAPTCHA_1001' });
        return focusError();
      }
      const answer = await track.mutateAsync({ orderNumber: values.orderNumber.trim().toUpperCase(), email: normalizeEmail(values.email), recaptchaToken: token });
      setOrder(answer);
    } catch (err) {
      setOrder(null);
      setErrors(err instanceof ApiError ? trackErrorsOf(err.code, err.problem?.errors?.map((i) => i.path)) : { form: 'errors:API_UNKNOWN_ERROR' });
      focusError();
    } finally {
      setPending(false);
    }
  };
  const error = (field: keyof TrackErrors) => (errors[field] ? t(errors[field]!) : undefined);

  return (
    <div className="track-order">
      <header className="track-order__header">
        <h1 className="track-order__title">{t('track.title')}</h1>
        <p className="order-hint">{t('track.intro')}</p>
      </header>
      <div className="track-order__layout">
        <form ref={formRef} className="track-order__form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="track-order-form-title" data-form-id={data.formId}>
          <h2 id="track-order-form-title" className="sr-only">
            {t('track.formTitle')}
          </h2>
          {errors.form && <FormMessage>{error('form')}</FormMessage>}
          <TextField
            name="orderNumber"
            label={t('track.orderNumber')}
            value={values.orderNumber}
            onChange={set('orderNumber')}
            isRequired
            ltr
            maxLength={20}
            autoComplete="off"
            error={error('orderNumber')}
            description={t('track.orderNumberHint')}
          />
          <TextField name="email" type="email" label={t('track.email')} value={values.email} onChange={set('email')} isRequired autoComplete="email" inputMode="email" maxLength={254} error={error('email')} description={t('track.emailHint')} />
          <Button type="submit" size="lg" isFullWidth isPending={pending} pendingLabel={t('track.pending')}>
            {t('track.submit')}
          </Button>
          <p className="order-hint track-order__signin">
            {t('track.signInPrompt')} <Link to={localize(data.signInUrl)}>{t('track.signIn')}</Link>
          </p>
        </form>
        {order && <TrackedOrder order={order} />}
      </div>
      {help && <div className="track-order__help">{help}</div>}
    </div>
  );
}
