import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Switch } from '../../../components/ui/switch';
import { openModal, useModal } from '../../../lib/ui-store';
import {
  ALL_ACCEPTED,
  ALL_REJECTED,
  CONSENT_GROUPS,
  GROUP_KEYS,
  NECESSARY,
  isAlertBoxClosed,
  readConsentChoices,
  saveConsent,
  type ConsentChoices,
} from '../consent-string';
import './cookie-preferences.css';

/** Per-group choices (switches), opened from the banner's "Preferences" (`useModal('cookie-preferences')`). */
export function CookiePreferences() {
  const { t } = useTranslation('consent');
  const modal = useModal('cookie-preferences');
  const [choices, setChoices] = useState<ConsentChoices>(ALL_REJECTED);
  useEffect(() => {
    if (modal.isOpen) setChoices(readConsentChoices() ?? ALL_REJECTED);
  }, [modal.isOpen]);

  const save = (value: ConsentChoices) => {
    saveConsent(value);
    modal.close();
  };
  const onOpenChange = (open: boolean) => {
    if (open) return;
    modal.close();
    // Dismissed without an answer: the banner comes back until the shopper decides.
    if (!isAlertBoxClosed()) openModal('cookie-banner');
  };

  return (
    <Dialog
      isOpen={modal.isOpen}
      onOpenChange={onOpenChange}
      title={t('preferences.title')}
      closeLabel={t('close')}
      footer={
        <>
          <Button variant="secondary" onPress={() => save(ALL_REJECTED)}>
            {t('banner.rejectAll')}
          </Button>
          <Button variant="secondary" onPress={() => save(choices)}>
            {t('preferences.save')}
          </Button>
          <Button onPress={() => save(ALL_ACCEPTED)}>{t('banner.acceptAll')}</Button>
        </>
      }
    >
      <p className="cookie-preferences__intro">{t('preferences.intro')}</p>
      <ul className="cookie-preferences__groups">
        {CONSENT_GROUPS.map((group) => {
          const key = GROUP_KEYS[group];
          const necessary = group === NECESSARY;
          return (
            <li key={group} className="cookie-preferences__group">
              <Switch
                isSelected={necessary || choices[group]}
                isDisabled={necessary}
                onChange={(on) => setChoices((c) => ({ ...c, [group]: on }))}
                description={necessary ? t('preferences.alwaysActive') : undefined}
              >
                {t(`groups.${key}.name`)}
              </Switch>
              <p className="cookie-preferences__description">{t(`groups.${key}.description`)}</p>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
