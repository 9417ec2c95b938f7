import './account-migration.css';
import { useTranslation } from '../../../lib/i18n-react';
import { Button } from '../../../components/ui/button';
import { useMarket } from '../../../lib/market-context';
import { useModal } from '../../../lib/ui-store';
import { useMigrateAccount } from '../api/account-migration';
import { EmailRequestDialog, type EmailRequestDialogProps } from './email-request-dialog';

/**
 * The account-migration modal (form `accountMigration`): the address of an account of the former site.
 * POST /api/account/migrate answers 204 for any address, so the confirmation is the same calm sentence
 * whether or not a former account exists; its owner receives a link to choose a password (valid 7 days).
 */
export function AccountMigrationDialog(props: EmailRequestDialogProps) {
  const { t } = useTranslation('account');
  const { locale } = useMarket();
  const migrate = useMigrateAccount(locale);
  return (
    <EmailRequestDialog
      {...props}
      isPending={migrate.isPending}
      send={(email, recaptcha) => migrate.mutateAsync({ email, recaptchaToken: recaptcha })}
      texts={{
        popin: 'account-migration',
        action: 'account_migration',
        title: t('migration.title'),
        intro: t('migration.intro'),
        submit: t('migration.submit'),
        sending: t('form.sending'),
        done: (email) => t('migration.done', { email }),
      }}
    />
  );
}

/** "Had an account on our former site?": the sign-in page's entry to the account-migration modal (`account-migration` in the UI store). */
export function AccountMigrationEntry({ recaptchaSiteKey }: { recaptchaSiteKey?: string | null }) {
  const { t } = useTranslation('account');
  const modal = useModal('account-migration');
  return (
    <section className="account-auth__migration" aria-labelledby="account-migration-heading">
      <h2 id="account-migration-heading" className="account-section-title">
        {t('migration.entryTitle')}
      </h2>
      <p className="account-intro">{t('migration.entryText')}</p>
      <Button variant="secondary" size="lg" isFullWidth onPress={() => modal.open()}>
        {t('migration.entryAction')}
      </Button>
      <AccountMigrationDialog
        isOpen={modal.isOpen}
        onOpenChange={(open) => (open ? modal.open() : modal.close())}
        recaptchaSiteKey={recaptchaSiteKey}
      />
    </section>
  );
}
