import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Button } from '../../../components/ui/button';
import type { Schemas } from '../../../lib/api-client';
import { trackNewsletterSubscription } from '../../../lib/analytics';
import { useMarket } from '../../../lib/market-context';
import { useUpdateCustomer } from '../api/account-queries';
import { isSessionLapsed, problemToFormErrors } from '../problem-fields';
import { consentChanges, consentFieldName, currentConsents, type ConsentText } from '../registration';
import { sitePathIn } from '../return-url';
import { useGoToSignIn } from '../use-account-navigation';
import { REQUIRED, type MessageKey } from '../validation';
import { AccountShell } from './account-layout';
import { CheckboxInput, FormAlert } from './fields';
import { useFormErrors } from './use-form-errors';

export interface ConsentsFormProps {
  customer: Schemas['Customer'];
  consentTexts: ConsentText[];
}

/**
 * The customer's consents (newsletter, SMS, profiling, and the accepted notices) with the market's current
 * texts: a box is ticked when consent was given to this version of the text; only the answers changed are
 * recorded (POST /api/data/cdb/update-customer `consents`).
 */
export function ConsentsForm({ customer, consentTexts }: ConsentsFormProps) {
  const { t } = useTranslation('account');
  const { locale } = useMarket();
  const update = useUpdateCustomer(locale);
  const goToSignIn = useGoToSignIn();
  const [current, setCurrent] = useState(customer.consents);
  const [granted, setGranted] = useState(() => currentConsents(consentTexts, customer.consents));
  const [status, setStatus] = useState<'saved' | 'unchanged' | null>(null);
  const form = useFormErrors();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    const problems: Record<string, MessageKey> = {};
    for (const text of consentTexts)
      if (text.required && !granted[text.id]) problems[consentFieldName(text.id)] = REQUIRED;
    if (Object.keys(problems).length) return form.fail({ fields: problems, form: [] });
    form.clear();
    const changes = consentChanges(consentTexts, current, granted);
    if (changes.length === 0) return setStatus('unchanged');
    try {
      const next = await update.mutateAsync({ clientId: customer.clientId, consents: changes });
      if (changes.some((c) => c.id === 'marketing_email' && c.granted))
        trackNewsletterSubscription('newsletter', 'account');
      setCurrent(next.consents ?? changes);
      setStatus('saved');
    } catch (error) {
      if (isSessionLapsed(error)) return goToSignIn();
      form.fail(
        problemToFormErrors(error, (segments) => {
          if (segments[0] !== 'consents' || segments.length < 2) return null;
          const consent = changes[Number(segments[1])];
          return consent ? consentFieldName(consent.id) : null;
        }),
      );
    }
  };

  return (
    <form
      className="account-form"
      ref={form.formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby="preferences-consents"
    >
      <h2 id="preferences-consents" className="account-section-title">
        {t('preferences.consentsTitle')}
      </h2>
      <FormAlert messages={form.errors.form} alertRef={form.alertRef} />
      {status && (
        <p className="account-status" role="status">
          {status === 'saved' ? t('preferences.saved') : t('details.unchanged')}
        </p>
      )}
      <div className="account-consents">
        {consentTexts.map((text) => (
          <div key={text.id} className="account-consents__item">
            <CheckboxInput
              name={consentFieldName(text.id)}
              isSelected={granted[text.id] === true}
              onChange={(v) => {
                setGranted((prev) => ({ ...prev, [text.id]: v }));
                setStatus(null);
                form.clearField(consentFieldName(text.id));
              }}
              isRequired={text.required}
              error={form.field(consentFieldName(text.id))}
            >
              {text.label}
            </CheckboxInput>
            {text.linkHref && (
              <a
                className="account-consents__link"
                href={sitePathIn(locale, text.linkHref)}
                target="_blank"
                rel="noopener"
              >
                {t('signUp.readDocument')}
                <span className="ui-visually-hidden"> {t('form.newWindow')}</span>
              </a>
            )}
          </div>
        ))}
      </div>
      <Button type="submit" size="lg" isPending={update.isPending} pendingLabel={t('form.saving')}>
        {t('preferences.submit')}
      </Button>
    </form>
  );
}

/** `/myaccount/profile`: consents, the channels client service may use, the preferred boutique. */
export function PreferencesPage({ data }: { data: Schemas['ProfilePageData'] }) {
  const { t } = useTranslation('account');
  return (
    <AccountShell title={t('preferences.title')} intro={t('preferences.intro')}>
      <ConsentsForm
        key={JSON.stringify(data.customer.consents ?? [])}
        customer={data.customer}
        consentTexts={data.consentTexts}
      />
      <div className="account-cards">
        <section className="account-card" aria-labelledby="preferences-contact">
          <h2 id="preferences-contact" className="account-section-title">
            {t('preferences.contactTitle')}
          </h2>
          {data.contactPreferences.length > 0 ? (
            <ul role="list" className="account-list">
              {data.contactPreferences.map((c) => (
                <li key={c}>{t(`contactChannel.${c}`)}</li>
              ))}
            </ul>
          ) : (
            <p className="account-hint">{t('preferences.noContact')}</p>
          )}
        </section>
        <section className="account-card" aria-labelledby="preferences-store">
          <h2 id="preferences-store" className="account-section-title">
            {t('preferences.storeTitle')}
          </h2>
          {data.preferredStore ? (
            <address className="account-address">
              <span className="account-address__line account-address__name">{data.preferredStore.name}</span>
              {(data.preferredStore.address.formatted ?? []).map((line, i) => (
                <span key={i} className="account-address__line">
                  {line}
                </span>
              ))}
            </address>
          ) : (
            <p className="account-hint">{t('preferences.noStore')}</p>
          )}
        </section>
      </div>
    </AccountShell>
  );
}
