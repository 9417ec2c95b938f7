import type { Story } from '@ladle/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from '../../lib/router';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../../app/providers';
import { ApiError, type Schemas } from '../../lib/api-client';
import { createI18n } from '../../lib/i18n';
import { MarketProvider } from '../../lib/market-context';
import enCommon from '../../locales/en/common.json';
import enContact from '../../locales/en/contact.json';
import enErrors from '../../locales/en/errors.json';
import frCommon from '../../locales/fr/common.json';
import frContact from '../../locales/fr/contact.json';
import frErrors from '../../locales/fr/errors.json';
import { ContactForm } from './components/contact-form';
import { contactFormEn, contactFormFr, receiptWhatsapp } from './contact-story-data';

export default { title: 'Contact' };

function Shell({ language, children }: { language: 'fr' | 'en'; children: ReactNode }) {
  const i18n = createI18n(language, {
    fr: { common: frCommon, contact: frContact, errors: frErrors },
    en: { common: enCommon, contact: enContact, errors: enErrors },
  });
  const market =
    language === 'fr'
      ? { locale: 'fr-fr', language: 'fr', country: 'FR', currency: 'EUR' }
      : { locale: 'en-us', language: 'en', country: 'US', currency: 'USD' };
  return (
    <MemoryRouter>
      <AppProviders queryClient={new QueryClient()} i18n={i18n}>
        <MarketProvider value={market}>
          <div style={{ padding: 24 }}>{children}</div>
        </MarketProvider>
      </AppProviders>
    </MemoryRouter>
  );
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** Answers the receipt of the channel chosen. */
const received = async (body: Schemas['ContactRequest']): Promise<Schemas['ContactRequestReceipt']> => {
  await wait(600);
  return {
    ...receiptWhatsapp,
    channel: body.channel,
    expectedAnswerWithinHours: { chat: 1, phoneCall: 24, whatsapp: 24, email: 48 }[body.channel],
  };
};

/** France: e-mail, telephone, WhatsApp and chat answers; choose telephone or WhatsApp to be asked a number. */
export const FormFrench: Story = () => (
  <Shell language="fr">
    <ContactForm form={contactFormFr} send={received} location="contact-page" />
  </Shell>
);

export const FormEnglish: Story = () => (
  <Shell language="en">
    <ContactForm form={contactFormEn} send={received} location="contact-page" />
  </Shell>
);

/** Whatever is typed, the server refuses the phone number (422 ERR_CTC_API_1000 on body/phone). */
export const PhoneRefused: Story = () => (
  <Shell language="fr">
    <ContactForm
      form={contactFormFr}
      send={async () => {
        await wait(400);
        throw new ApiError(422, {
          type: 'https://errors.storefront.dev/ERR_CTC_API_1000',
          title: 'ERR_CTC_API_1000',
          status: 422,
          code: 'ERR_CTC_API_1000',
          errors: [{ path: 'body/phone', message: 'is not a valid phone number for its country calling code' }],
        });
      }}
      location="contact-page"
    />
  </Shell>
);

/** Whatever is typed, the message cannot be passed on (502 ERR_CTC_API_1001): the message sits under the form. */
export const NotPassedOn: Story = () => (
  <Shell language="en">
    <ContactForm
      form={contactFormEn}
      send={async () => {
        await wait(400);
        throw new ApiError(502, {
          type: 'https://errors.storefront.dev/ERR_CTC_API_1001',
          title: 'ERR_CTC_API_1001',
          status: 502,
          code: 'ERR_CTC_API_1001',
        });
      }}
      location="contact-page"
    />
  </Shell>
);
