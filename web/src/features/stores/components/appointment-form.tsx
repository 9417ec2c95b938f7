import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { FieldError, Label, Radio, RadioGroup } from 'react-aria-components';
import { Button } from '../../../components/ui/button';
import type { Schemas } from '../../../lib/api-client';
import { useMarket } from '../../../lib/market-context';
import { formatShopDay } from '../../../lib/shop-day';
import { recaptchaToken } from '../../../lib/recaptcha';
import {
  bookingDays,
  bookingWeeks,
  detailsOf,
  errorsOfProblem,
  formatCalendarDate,
  formatTime,
  hasErrors,
  initialDetails,
  reasonsOf,
  validateDetails,
  type AppointmentReason,
  type DetailValues,
  type FormErrors,
  type Store,
} from '../store-model';
import { DetailFields } from './detail-fields';
import '../../../components/ui/form-field.css';
import './stores.css';

type Channel = 'email' | 'phoneCall' | 'whatsapp';
type Field = 'reason' | 'date' | 'time' | 'preferredChannel' | keyof DetailValues;
const FIELDS: readonly Field[] = [
  'reason',
  'date',
  'time',
  'preferredChannel',
  'civility',
  'firstName',
  'lastName',
  'email',
  'phone',
  'message',
  'consent',
];
const CHANNELS: readonly Channel[] = ['email', 'phoneCall', 'whatsapp'];

export interface AppointmentFormProps {
  store: Store;
  /** Sends the request; resolves with the registered appointment, rejects with the API's error. */
  send: (body: Schemas['AppointmentRequest']) => Promise<Schemas['Appointment']>;
  /** Products the client wishes to see (from a product page). */
  pids?: string[];
  /** The clock (stories fix it); the current time by default. */
  now?: Date;
  onNavigate?: () => void;
  onDone?: () => void;
}

/**
 * "Book an appointment" (contract `AppointmentRequest`): the purpose, a day of the coming weeks and a start time
 * the boutique can take (its hours, local time, 24 hours ahead at least: the server's own rule), the client's
 * details and how the boutique should confirm. Once sent, the request's reference and what happens next.
 */
export function AppointmentForm({ store, send, pids, now: fixedNow, onNavigate, onDone }: AppointmentFormProps) {
  const { t } = useTranslation('stores');
  const { locale, country } = useMarket();
  const id = useId();
  const [now] = useState(() => fixedNow ?? new Date());
  const reasons = reasonsOf(store.services);
  const weeks = useMemo(() => bookingWeeks(bookingDays(store, now)), [store, now]);
  const [week, setWeek] = useState(0);
  const [reason, setReason] = useState<AppointmentReason | null>(reasons.length === 1 ? reasons[0]! : null);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [channel, setChannel] = useState<Channel>('email');
  const [details, setDetails] = useState<DetailValues>(initialDetails);
  const [errors, setErrors] = useState<FormErrors<Field>>({ fields: {} });
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<{
    appointment: Schemas['Appointment'];
    email: string;
    date: string;
    time: string;
  } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const clear = (key: Field) => setErrors((e) => ({ fields: { ...e.fields, [key]: undefined } }));
  const setDetail = <K extends keyof DetailValues>(key: K, value: DetailValues[K]) => {
    setDetails((v) => ({ ...v, [key]: value }));
    clear(key);
  };
  const error = (key: Field) => (errors.fields[key] ? t(errors.fields[key]) : undefined);
  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input')?.focus(),
    );

  const days = weeks[week] ?? [];
  const slots = date ? (weeks.flat().find((d) => d.date === date)?.slots ?? []) : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = validateDetails(details, country) as FormErrors<Field>;
    if (!reason) checked.fields.reason = 'stores:appointment.reasonRequired';
    if (!date) checked.fields.date = 'stores:appointment.dateRequired';
    else if (!time) checked.fields.time = 'stores:appointment.timeRequired';
    setErrors(checked);
    if (hasErrors(checked)) return focusFirstError();
    setPending(true);
    try {
      const token = await recaptchaToken('store_appointment').catch(() => null);
      if (!token) return setErrors({ fields: {}, form: 'errors:ERR_RECAPTCHA_1001' });
      const body: Schemas['AppointmentRequest'] = {
        storeId: store.id,
        reason: reason!,
        date: date!,
        time: time!,
        ...detailsOf(details, country),
        preferredChannel: channel,
        ...(pids?.length ? { pids } : {}),
        recaptchaToken: token,
      };
      const appointment = await send(body);
      setDone({ appointment, email: body.email, date: date!, time: time! });
    } catch (err) {
      setErrors(errorsOfProblem(err, FIELDS));
      focusFirstError();
    } finally {
      setPending(false);
    }
  };

  if (done) {
    return (
      <div className="ui-form__done store-form__done" role="status" data-testid="appointment-done">
        <h3 className="ui-form__done-title">{t('appointment.done.title')}</h3>
        <p className="store-form__when">
          {t('appointment.done.when', { date: formatShopDay(done.date, locale), time: formatTime(done.time, locale) })}
        </p>
        <p className="store-form__reference">
          {t('appointment.done.reference', { reference: done.appointment.appointmentId })}
        </p>
        <p>{t('appointment.done.next', { email: done.email })}</p>
        {onDone && (
          <Button variant="secondary" onPress={onDone}>
            {t('close')}
          </Button>
        )}
      </div>
    );
  }

  if (weeks.length === 0 || reasons.length === 0)
    return <p className="store-form__empty">{t('appointment.noDates')}</p>;

  return (
    <form ref={formRef} className="store-form" onSubmit={submit} noValidate aria-describedby={`${id}-intro`}>
      <p id={`${id}-intro`} className="ui-form__intro">
        {t('appointment.intro')} <span className="store-form__note">{t('form.requiredNote')}</span>
      </p>

      {reasons.length > 1 && (
        <RadioGroup
          className="ui-form__choices"
          name="reason"
          value={reason}
          onChange={(v) => {
            setReason(v as AppointmentReason);
            clear('reason');
          }}
          isInvalid={Boolean(errors.fields.reason)}
          isRequired
          validationBehavior="aria"
        >
          <Label className="ui-form__label">{t('appointment.reason')}</Label>
          <div className="ui-form__options store-form__reasons">
            {reasons.map((r) => (
              <Radio key={r} value={r} className="ui-form__option">
                {t(`appointment.reasons.${r}`)}
              </Radio>
            ))}
          </div>
          <FieldError className="ui-form__error">{error('reason')}</FieldError>
        </RadioGroup>
      )}

      <div className="store-form__when-block">
        <RadioGroup
          className="ui-form__choices store-dates"
          name="date"
          value={date}
          onChange={(v) => {
            setDate(v);
            setTime(null);
            clear('date');
            clear('time');
          }}
          isInvalid={Boolean(errors.fields.date)}
          isRequired
          validationBehavior="aria"
        >
          <div className="store-dates__head">
            <Label className="ui-form__label">{t('appointment.date')}</Label>
            <p className="store-dates__week" aria-live="polite">
              {days[0] &&
                t('appointment.week', {
                  date: formatCalendarDate(days[0].date, locale, { day: 'numeric', month: 'long' }),
                })}
            </p>
            <div className="store-dates__nav">
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('appointment.previousWeek')}
                isDisabled={week === 0}
                onPress={() => setWeek((w) => w - 1)}
              >
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                  <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="1.2" />
                </svg>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('appointment.nextWeek')}
                isDisabled={week >= weeks.length - 1}
                onPress={() => setWeek((w) => w + 1)}
              >
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                  <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="1.2" />
                </svg>
              </Button>
            </div>
          </div>
          <div className="store-dates__days">
            {days.map((d) => (
              <Radio
                key={d.date}
                value={d.date}
                className="store-date"
                isDisabled={!d.slots?.length}
                aria-label={formatCalendarDate(d.date, locale, { weekday: 'long', day: 'numeric', month: 'long' })}
              >
                <span className="store-date__weekday" aria-hidden="true">
                  {formatCalendarDate(d.date, locale, { weekday: 'short' })}
                </span>
                <span className="store-date__day" aria-hidden="true">
                  {formatCalendarDate(d.date, locale, { day: 'numeric' })}
                </span>
              </Radio>
            ))}
          </div>
          <FieldError className="ui-form__error">{error('date')}</FieldError>
        </RadioGroup>

        {date && (
          <RadioGroup
            className="ui-form__choices"
            name="time"
            value={time}
            onChange={(v) => {
              setTime(v);
              clear('time');
            }}
            isInvalid={Boolean(errors.fields.time)}
            isRequired
            validationBehavior="aria"
          >
            <Label className="ui-form__label">
              {t('appointment.time')} · {formatShopDay(date, locale)}
            </Label>
            {slots.length ? (
              <div className="ui-form__options store-times">
                {slots.map((s) => (
                  <Radio key={s} value={s} className="ui-form__option store-time">
                    {formatTime(s, locale)}
                  </Radio>
                ))}
              </div>
            ) : (
              <p className="store-form__hint">{t('appointment.noTime')}</p>
            )}
            <FieldError className="ui-form__error">{error('time')}</FieldError>
          </RadioGroup>
        )}
        <p className="store-form__hint">{t('appointment.duration')}</p>
      </div>

      <DetailFields
        id={id}
        values={details}
        errors={errors.fields}
        set={setDetail}
        {...(onNavigate ? { onNavigate } : {})}
      />

      <RadioGroup
        className="ui-form__choices"
        name="preferredChannel"
        orientation="horizontal"
        value={channel}
        onChange={(v) => {
          setChannel(v as Channel);
          clear('preferredChannel');
        }}
        isInvalid={Boolean(errors.fields.preferredChannel)}
        validationBehavior="aria"
      >
        <Label className="ui-form__label">{t('appointment.channel')}</Label>
        <div className="ui-form__options">
          {CHANNELS.map((c) => (
            <Radio key={c} value={c} className="ui-form__option">
              {t(`appointment.channels.${c}`)}
            </Radio>
          ))}
        </div>
        <FieldError className="ui-form__error">{error('preferredChannel')}</FieldError>
      </RadioGroup>

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
        {t('appointment.submit')}
      </Button>
    </form>
  );
}
