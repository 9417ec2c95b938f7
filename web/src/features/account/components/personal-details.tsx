import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Button } from '../../../components/ui/button';
import type { Schemas } from '../../../lib/api-client';
import { useMarket } from '../../../lib/market-context';
import { useUpdateCustomer } from '../api/account-queries';
import { bodyField, isSessionLapsed, problemToFormErrors } from '../problem-fields';
import { checkField, customerChanges, customerFieldValues, isEditableField, type FieldValues } from '../registration';
import { useGoToSignIn } from '../use-account-navigation';
import type { MessageKey } from '../validation';
import { AccountShell } from './account-layout';
import { FormAlert, TextInput } from './fields';
import { RegisterFieldInput } from './register-field-input';
import { useFormErrors } from './use-form-errors';

export interface PersonalDetailsFormProps {
  customer: Schemas['Customer'];
  /** The market's fields, in display order (GET /ssr/myaccount/account-information). */
  fields: Schemas['RegisterField'][];
  today?: Date;
}

/**
 * The customer's personal details (civility, names, katakana names in Japan, phone, date of birth, gender
 * preference), saved with POST /api/data/cdb/update-customer: only what changed is sent, with `clientId`.
 * The e-mail address is the sign-in name: shown, not changed here.
 */
export function PersonalDetailsForm({ customer, fields, today }: PersonalDetailsFormProps) {
  const { t } = useTranslation('account');
  const { locale, country } = useMarket();
  const update = useUpdateCustomer(locale);
  const goToSignIn = useGoToSignIn();
  const editable = fields.filter((f) => isEditableField(f.name));
  const [saved, setSaved] = useState<Schemas['Customer']>(customer);
  const [values, setValues] = useState<FieldValues>(() => customerFieldValues(editable, customer, country));
  const [status, setStatus] = useState<'saved' | 'unchanged' | null>(null);
  const form = useFormErrors();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    const problems: Record<string, MessageKey> = {};
    for (const field of editable) {
      const problem = checkField(field, values[field.name] ?? '', { country, today: today ?? new Date() });
      if (problem) problems[field.name] = problem;
    }
    if (Object.keys(problems).length) return form.fail({ fields: problems, form: [] });
    form.clear();
    const changes = customerChanges(editable, values, saved, country);
    if (Object.keys(changes).length === 0) return setStatus('unchanged');
    try {
      const next = await update.mutateAsync({ clientId: saved.clientId, ...changes });
      setSaved(next);
      setValues(customerFieldValues(editable, next, country));
      setStatus('saved');
    } catch (error) {
      if (isSessionLapsed(error)) return goToSignIn();
      form.fail(problemToFormErrors(error, bodyField(editable.map((f) => f.name))));
    }
  };

  return (
    <form
      className="account-form account-form--grid"
      ref={form.formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby="account-page-title"
    >
      <FormAlert messages={form.errors.form} alertRef={form.alertRef} />
      {status && (
        <p className="account-status" role="status">
          {status === 'saved' ? t('details.saved') : t('details.unchanged')}
        </p>
      )}
      <TextInput
        name="emailAddress"
        type="email"
        label={t('fields.email')}
        value={saved.emailAddress}
        onChange={() => undefined}
        isReadOnly
        description={t('details.emailReadOnly')}
      />
      {editable.map((field) => (
        <RegisterFieldInput
          key={field.name}
          field={field}
          country={country}
          value={values[field.name] ?? ''}
          onChange={(v) => {
            setValues((prev) => ({ ...prev, [field.name]: v }));
            setStatus(null);
            form.clearField(field.name);
          }}
          error={form.field(field.name)}
        />
      ))}
      <Button type="submit" size="lg" isFullWidth isPending={update.isPending} pendingLabel={t('form.saving')}>
        {t('details.submit')}
      </Button>
    </form>
  );
}

/** `/myaccount/account-information`. */
export function AccountInformationPage({ data, today }: { data: Schemas['AccountInformationPageData']; today?: Date }) {
  const { t } = useTranslation('account');
  return (
    <AccountShell title={t('details.title')} intro={t('details.intro')}>
      {/* Keyed on the saved details: page data read again after a change elsewhere replaces the form's values. */}
      <PersonalDetailsForm
        key={JSON.stringify({ ...data.customer, addresses: undefined })}
        customer={data.customer}
        fields={data.fields}
        today={today}
      />
    </AccountShell>
  );
}
