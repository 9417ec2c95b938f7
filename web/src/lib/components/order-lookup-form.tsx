// The "order number + e-mail address" form of the pages that find a guest's order (order tracking, the start
// of a return): the fields, reCAPTCHA, the pending state, and each refusal said beside the field it is about
// with the focus moved to it. What the order found leads to, and which texts and rules apply, is the page's.
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { normalizeEmail } from '../forms/validation';
import { recaptchaToken } from '../recaptcha';
import { FormMessage } from '../../components/ui/form-message';
import { TextField } from '../../components/ui/text-field';
import './order-lookup-form.css';

export interface OrderLookupValues {
  orderNumber: string;
  email: string;
}
/** Message keys (translated by the page), beside a field or above the form. */
export type OrderLookupErrors = Partial<Record<keyof OrderLookupValues | 'form', string>>;
/** What the lookup is asked with: the order number upper-cased, the address normalized, the reCAPTCHA token. */
export interface OrderLookupQuery extends OrderLookupValues {
  recaptchaToken: string;
}

/** The texts of the form, each translated by the page (e.g. `track.orderNumber`). */
export type OrderLookupText =
  'formTitle' | 'orderNumber' | 'orderNumberHint' | 'email' | 'emailHint' | 'submit' | 'pending';

export interface OrderLookupFormProps {
  /** The form's id in the page data (`data-form-id`). */
  formId: string;
  recaptchaSiteKey?: string | null | undefined;
  /** The reCAPTCHA action of the page (`track_order`, `return_order`). */
  recaptchaAction: string;
  /** The id and class (`sr-only` to hide it) of the heading that names the form (its accessible name). */
  titleId: string;
  titleClassName: string;
  /** The page's translation of each text of the form. */
  text: (name: OrderLookupText) => string;
  /** Translates a message key of `validate`, `lookup` or the form itself (`errors:…`). */
  translate: (key: string) => string;
  initialOrderNumber?: string;
  validate: (values: OrderLookupValues) => OrderLookupErrors;
  /** Looks the order up; answers the refusal to show, or null once the page has what it wanted. */
  lookup: (query: OrderLookupQuery) => Promise<OrderLookupErrors | null>;
  /** Under the button (e.g. the way to sign in). */
  children?: ReactNode;
}

export function OrderLookupForm({
  formId,
  recaptchaSiteKey,
  recaptchaAction,
  titleId,
  titleClassName,
  text,
  translate,
  initialOrderNumber = '',
  validate,
  lookup,
  children,
}: OrderLookupFormProps) {
  const [values, setValues] = useState<OrderLookupValues>(() => ({ orderNumber: initialOrderNumber, email: '' }));
  const [errors, setErrors] = useState<OrderLookupErrors>({});
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const set = (field: keyof OrderLookupValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };
  const focusError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus(),
    );
  const refuse = (found: OrderLookupErrors) => {
    setErrors(found);
    focusError();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length) return focusError();
    setPending(true);
    try {
      const token = await recaptchaToken(recaptchaAction, recaptchaSiteKey).catch(() => null);
      if (!token) return refuse({ form: 'errors:ERR_RECAPTCHA_1001' });
      const refused = await lookup({
        orderNumber: values.orderNumber.trim().toUpperCase(),
        email: normalizeEmail(values.email),
        recaptchaToken: token,
      });
      if (refused) refuse(refused);
    } catch {
      refuse({ form: 'errors:API_UNKNOWN_ERROR' });
    } finally {
      setPending(false);
    }
  };
  const error = (field: keyof OrderLookupErrors) => (errors[field] ? translate(errors[field]) : undefined);

  return (
    <form
      ref={formRef}
      className="order-lookup-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={titleId}
      data-form-id={formId}
    >
      <h2 id={titleId} className={titleClassName}>
        {text('formTitle')}
      </h2>
      {errors.form && <FormMessage>{error('form')}</FormMessage>}
      <TextField
        name="orderNumber"
        label={text('orderNumber')}
        value={values.orderNumber}
        onChange={set('orderNumber')}
        isRequired
        ltr
        maxLength={20}
        autoComplete="off"
        error={error('orderNumber')}
        description={text('orderNumberHint')}
      />
      <TextField
        name="email"
        type="email"
        label={text('email')}
        value={values.email}
        onChange={set('email')}
        isRequired
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        error={error('email')}
        description={text('emailHint')}
      />
      <Button type="submit" size="lg" isFullWidth isPending={pending} pendingLabel={text('pending')}>
        {text('submit')}
      </Button>
      {children}
    </form>
  );
}
