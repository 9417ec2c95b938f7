import { useTranslation } from '../../lib/i18n-react';
import type { Schemas } from '../../lib/api-client';
import { useMarket } from '../../lib/market-context';
import { Breadcrumbs } from '../../features/navigation/components/breadcrumbs';
import { ContentRenderer } from '../../features/content';
import { ContactChannels } from './contact-channels';
import { useSendContactRequest } from '../../features/contact/api/contact-queries';
import { ContactForm } from '../../features/contact/components/contact-form';
import './content-routes.css';

/** `/contact`: the contact form of the market, its content (when published) and the other ways to reach client service. */
export function ContactRoute({ data }: { data: Schemas['ContactPageData'] }) {
  const { t } = useTranslation('contact');
  const { locale } = useMarket();
  const sending = useSendContactRequest(locale);
  const { content, form, contactChannels } = data;
  return (
    <div className="client-service contact-page">
      {content && <Breadcrumbs items={content.breadcrumbs.slice(0, -1)} />}
      <h1 className="content-page__title">{content?.title ?? t('page.title')}</h1>
      <ContactForm form={form} send={(body) => sending.mutateAsync(body)} location="contact-page" />
      <ContactChannels
        channels={contactChannels}
        headingId="contact-page-channels"
        title={t('page.channels')}
        alwaysOpen={t('page.alwaysOpen')}
      />
      {content && <ContentRenderer components={content.components} />}
    </div>
  );
}
