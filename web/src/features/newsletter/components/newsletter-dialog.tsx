import { useTranslation } from '../../../lib/i18n-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useMarket } from '../../../lib/market-context';
import { useModal } from '../../../lib/ui-store';
import { useRegisterForm, useSubscribeNewsletter } from '../api/newsletter-queries';
import type { NewsletterSource } from '../newsletter-model';
import { NewsletterForm } from './newsletter-form';
import './newsletter.css';

/** What may be passed to `useModal('newsletter').open(...)`: where the entry point is. */
export interface NewsletterModalData {
  source?: NewsletterSource;
}

/**
 * The newsletter modal (spec §2 "Modals and drawers"), opened by the footer's newsletter call or a CMS
 * `open-newsletter` link through `useModal('newsletter')`. Its form needs the market's registration data
 * (forms of address, the e-mail consent and its version), loaded when the modal first opens.
 */
export function NewsletterDialog() {
  const { t } = useTranslation('contact');
  const { locale } = useMarket();
  const modal = useModal<NewsletterModalData>('newsletter');
  const form = useRegisterForm(locale, modal.isOpen);
  const subscription = useSubscribeNewsletter(locale);
  let body;
  if (form.data) {
    body = (
      <NewsletterForm
        data={form.data}
        source={modal.data?.source ?? 'footer'}
        subscribe={(b) => subscription.mutateAsync(b)}
        onNavigate={modal.close}
      />
    );
  } else if (form.isError) {
    body = (
      <div className="newsletter-dialog__status">
        <p role="alert">{t('newsletter.unavailable')}</p>
        <Button variant="secondary" onPress={() => void form.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="newsletter-dialog__status">
        <Spinner size="md" label={t('loading')} />
      </div>
    );
  }
  return (
    <Dialog
      isOpen={modal.isOpen}
      onOpenChange={(open) => !open && modal.close()}
      title={t('newsletter.title')}
      closeLabel={t('close')}
    >
      {body}
    </Dialog>
  );
}
