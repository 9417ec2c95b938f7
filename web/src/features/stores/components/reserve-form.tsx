import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { Button } from '../../../components/ui/button';
import type { Schemas } from '../../../lib/api-client';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useMarket } from '../../../lib/market-context';
import { recaptchaToken } from '../../../lib/recaptcha';
import {
  detailsOf,
  errorsOfProblem,
  hasErrors,
  initialDetails,
  validateDetails,
  type DetailValues,
  type FormErrors,
} from '../store-model';
import { DetailFields } from './detail-fields';
import '../../../components/ui/form-field.css';
import './stores.css';

type Field = 'quantity' | keyof DetailValues;
const FIELDS: readonly Field[] = [
  'quantity',
  'civility',
  'firstName',
  'lastName',
  'email',
  'phone',
  'message',
  'consent',
];

export interface ReserveFormProps {
  store: Pick<Schemas['Store'], 'id' | 'name' | 'timeZone'>;
  pid: string;
  /** Size code sent (`TU` for one size) and the label shown. */
  size: string;
  /** Two units may be asked when the boutique has more than the last pieces. */
  allowTwo: boolean;
  send: (body: Schemas['ReservationRequest']) => Promise<Schemas['Reservation']>;
  onNavigate?: () => void;
  onDone?: () => void;
}

/**
 * "Reserve in store" (form identifier `reserveInStore`): the client's details and, when the boutique has
 * enough, how many units; once registered, the reference and until when the boutique holds the piece.
 */
export function ReserveForm({ store, pid, size, allowTwo, send, onNavigate, onDone }: ReserveFormProps) {
  const { t } = useTranslation('stores');
  const { locale, country } = useMarket();
  const id = useId();
  const [quantity, setQuantity] = useState<1 | 2>(1);
  const [details, setDetails] = useState<DetailValues>(initialDetails);
  const [errors, setErrors] = useState<FormErrors<Field>>({ fields: {} });
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<{ reservation: Schemas['Reservation']; email: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const setDetail = <K extends keyof DetailValues>(key: K, value: DetailValues[K]) => {
    setDetails((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ fields: { ...e.fields, [key]: undefined } }));
  };
  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input')?.focus(),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = validateDetails(details, country) as FormErrors<Field>;
    setErrors(checked);
    if (hasErrors(checked)) return focusFirstError();
    setPending(true);
    try {
      const token = await recaptchaToken('reserve_in_store').catch(() => null);
      if (!token) return setErrors({ fields: {}, form: 'errors:ERR_RECAPTCHA_1001' });
      const body: Schemas['ReservationRequest'] = {
        storeId: store.id,
        pid,
        size,
        quantity,
        ...detailsOf(details, country),
        recaptchaToken: token,
      };
      const reservation = await send(body);
      setDone({ reservation, email: body.email });
    } catch (err) {
      setErrors(errorsOfProblem(err, FIELDS));
      focusFirstError();
    } finally {
      setPending(false);
    }
  };

  if (done) {
    const holdUntil = formatDateTime(
      done.reservation.holdUntil,
      locale,
      { dateStyle: 'full', timeStyle: 'short' },
      store.timeZone,
    );
    return (
      <div className="ui-form__done store-form__done" role="status" data-testid="reservation-done">
        <h3 className="ui-form__done-title">{t('findInStore.done.title')}</h3>
        <p className="store-form__reference">
          {t('findInStore.done.reference', { reference: done.reservation.reservationId })}
        </p>
        <p>{t('findInStore.done.holdUntil', { date: holdUntil })}</p>
        <p>{t('findInStore.done.ack', { email: done.email })}</p>
        {onDone && (
          <Button variant="secondary" onPress={onDone}>
            {t('close')}
          </Button>
        )}
      </div>
    );
  }

  return (
    <form ref={formRef} className="store-form" onSubmit={submit} noValidate aria-describedby={`${id}-intro`}>
      <p id={`${id}-intro`} className="ui-form__intro">
        {t('findInStore.reserveIntro')} <span className="store-form__note">{t('form.requiredNote')}</span>
      </p>
      {allowTwo && (
        <RadioGroup
          className="ui-form__choices"
          name="quantity"
          orientation="horizontal"
          value={String(quantity)}
          onChange={(v) => setQuantity(v === '2' ? 2 : 1)}
        >
          <Label className="ui-form__label">{t('findInStore.quantity')}</Label>
          <div className="ui-form__options">
            {['1', '2'].map((q) => (
              <Radio key={q} value={q} className="ui-form__option">
                {formatNumber(Number(q), locale)}
              </Radio>
            ))}
          </div>
        </RadioGroup>
      )}
      <DetailFields
        id={id}
        values={details}
        errors={errors.fields}
        set={setDetail}
        {...(onNavigate ? { onNavigate } : {})}
      />
      {errors.form && (
        <p className="ui-form__error" role="alert">
          {t(errors.form)}
        </p>
      )}
      <Button
        type="submit"
        size="lg"
        isPending={pending}
        pendingLabel={t('form.sending')}
        className="store-form__submit"
      >
        {t('findInStore.submit')}
      </Button>
    </form>
  );
}
