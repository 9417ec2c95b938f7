import { useTranslation } from '../../../lib/i18n-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useMarket } from '../../../lib/market-context';
import { useModal } from '../../../lib/ui-store';
import { useContactPage, useSendContactRequest } from '../api/contact-queries';
import { ContactForm } from './contact-form';
import './contact.css';

/**
 * The contact-form modal (spec §2 "Modals and drawers"), opened by CMS `open-contact-form` and `open-chat`
 * links through `useModal('contact-form')`, on any page. Its topics and channels are those of the market's
 * contact page data, loaded when the modal first opens.
 */
export function ContactDialog() {
  const { t } = useTranslation('contact');
  const { locale } = useMarket();
  const modal = useModal('contact-form');
  const page = useContactPage(locale, modal.isOpen);
  const sending = useSendContactRequest(locale);
  let body;
  if (page.data) {
    body = (
      <ContactForm
        form={page.data.form}
        send={(b) => sending.mutateAsync(b)}
        location="contact-modal"
        onNavigate={modal.close}
      />
    );
  } else if (page.isError) {
    body = (
      <div className="contact-dialog__status">
        <p role="alert">{t('form.unavailable')}</p>
        <Button variant="secondary" onPress={() => void page.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="contact-dialog__status">
        <Spinner size="md" label={t('loading')} />
      </div>
    );
  }
  return (
    <Dialog
      isOpen={modal.isOpen}
      onOpenChange={(open) => !open && modal.close()}
      title={t('page.title')}
      closeLabel={t('close')}
      size="lg"
    >
      {body}
    </Dialog>
  );
}
