import type { Story } from '@ladle/react';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button';
import { closeAllModals, openModal } from '../../../lib/ui-store';
import type { ReactNode } from 'react';
import { MemoryRouter } from '../../../lib/router';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../../../app/providers';
import { createI18n } from '../../../lib/i18n';
import enCommon from '../../../locales/en/common.json';
import frCommon from '../../../locales/fr/common.json';
import enConsent from '../../../locales/en/consent.json';
import frConsent from '../../../locales/fr/consent.json';
import { CookieBanner } from './cookie-banner';
import { CookiePreferences } from './cookie-preferences';

export default { title: 'Features / Consent' };

function ConsentStoryShell({ children }: { children: ReactNode }) {
  const i18n = createI18n('fr', {
    fr: { common: frCommon, consent: frConsent },
    en: { common: enCommon, consent: enConsent },
  });
  return (
    <MemoryRouter initialEntries={['/fr-fr/']}>
      <AppProviders queryClient={new QueryClient()} i18n={i18n}>
        {children}
      </AppProviders>
    </MemoryRouter>
  );
}

export const Banner: Story = () => {
  useEffect(() => {
    openModal('cookie-banner');
    return () => closeAllModals();
  }, []);
  return (
    <ConsentStoryShell>
      <p>The page stays usable behind the banner.</p>
      <Button variant="secondary" onPress={() => openModal('cookie-banner')}>
        Paramètres des cookies
      </Button>
      <CookieBanner />
      <CookiePreferences />
    </ConsentStoryShell>
  );
};

export const Preferences: Story = () => {
  useEffect(() => {
    openModal('cookie-preferences');
    return () => closeAllModals();
  }, []);
  return (
    <ConsentStoryShell>
      <Button variant="secondary" onPress={() => openModal('cookie-preferences')}>
        Préférences de cookies
      </Button>
      <CookieBanner />
      <CookiePreferences />
    </ConsentStoryShell>
  );
};
