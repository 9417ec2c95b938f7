import type { Story } from '@ladle/react';
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter } from '../../lib/router';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../../app/providers';
import { ApiError, type Schemas } from '../../lib/api-client';
import { createI18n } from '../../lib/i18n';
import { MarketProvider } from '../../lib/market-context';
import { openModal } from '../../lib/ui-store';
import enCommon from '../../locales/en/common.json';
import enContact from '../../locales/en/contact.json';
import enErrors from '../../locales/en/errors.json';
import frCommon from '../../locales/fr/common.json';
import frContact from '../../locales/fr/contact.json';
import frErrors from '../../locales/fr/errors.json';
import { registerFormQuery } from './api/newsletter-queries';
import { NewsletterDialog } from './components/newsletter-dialog';
import { NewsletterForm } from './components/newsletter-form';
import { registerFormFr, registerFormUs } from './newsletter-story-data';

export default { title: 'Newsletter' };

function Shell({
  language,
  children,
  queryClient = new QueryClient(),
}: {
  language: 'fr' | 'en';
  children: ReactNode;
  queryClient?: QueryClient;
}) {
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
      <AppProviders queryClient={queryClient} i18n={i18n}>
        <MarketProvider value={market}>
          <div style={{ maxWidth: 480, padding: 24 }}>{children}</div>
        </MarketProvider>
      </AppProviders>
    </MemoryRouter>
  );
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const accepted = async (_body: Schemas['NewsletterSubscriptionRequest']) => wait(600);
const problem = (status: number, code: Schemas['ErrorCode'], path?: string) =>
  new ApiError(status, {
    type: `https://errors.storefront.dev/${code}`,
    title: code,
    status,
    code,
    ...(path ? { errors: [{ path, message: '' }] } : {}),
  });

/** French market: forms of address and the e-mail consent from the registration data. Any address is accepted. */
export const FormFrench: Story = () => (
  <Shell language="fr">
    <NewsletterForm data={registerFormFr} source="footer" subscribe={accepted} />
  </Shell>
);

export const FormEnglish: Story = () => (
  <Shell language="en">
    <NewsletterForm data={registerFormUs} source="footer" subscribe={accepted} />
  </Shell>
);

/** Whatever is typed, the server answers the typo code (422 ERR_FORM_1002 on body/email). */
export const MistypedAddress: Story = () => (
  <Shell language="fr">
    <NewsletterForm
      data={registerFormFr}
      source="footer"
      subscribe={async () => {
        await wait(400);
        throw problem(422, 'ERR_FORM_1002', 'body/email');
      }}
    />
  </Shell>
);

/** Whatever is typed, the rate limit answers (429 ERR_API_1028): the message sits under the form. */
export const TooManyRequests: Story = () => (
  <Shell language="en">
    <NewsletterForm
      data={registerFormUs}
      source="footer"
      subscribe={async () => {
        await wait(400);
        throw problem(429, 'ERR_API_1028');
      }}
    />
  </Shell>
);

/** The modal as the footer opens it, with the registration data already loaded. */
export const Dialog: Story = () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(registerFormQuery('fr-fr').queryKey, registerFormFr);
  return (
    <Shell language="fr" queryClient={queryClient}>
      <OpenOnMount />
      <NewsletterDialog />
    </Shell>
  );
};

function OpenOnMount() {
  useEffect(() => openModal('newsletter', { data: { source: 'footer' } }), []);
  return null;
}
