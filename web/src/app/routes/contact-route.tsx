import { useTranslation } from 'react-i18next';
import type { Schemas } from '../../lib/api-client';
import { useMarket } from '../../lib/market-context';
import { Breadcrumbs } from '../../features/navigation/components/breadcrumbs';
import { CmsLink, ContentRenderer } from '../../features/content';
import { useSendContactRequest } from '../../features/contact/api/contact-queries';
import { ContactForm } from '../../features/contact/components/contact-form';
import './content-routes.css';

const ICONS: Record<Schemas['ContactChannel'], string> = {
  chat: 'M4 5h16v11H9l-5 4V5z',
  phoneCall: 'M6 3h4l2 5-2.5 1.5a11 11 0 0 0 5 5L16 12l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 4 5a2 2 0 0 1 2-2z',
  email: 'M3 6h18v12H3V6zm0 0l9 7 9-7',
  whatsapp: 'M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3z',
};

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
      {contactChannels.length > 0 && (
        <section className="contact-channels" aria-labelledby="contact-page-channels">
          <h2 id="contact-page-channels" className="cms-section-title">
            {t('page.channels')}
          </h2>
          <ul role="list" className="contact-channels__list">
            {contactChannels.map((c) => (
              <li key={c.channel} className="contact-channel">
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                  <path d={ICONS[c.channel]} fill="none" stroke="currentColor" strokeWidth="1.1" strokeLinejoin="round" />
                </svg>
                <h3 className="contact-channel__label">{c.label}</h3>
                <p className="contact-channel__hours">{c.openingHours ?? t('page.alwaysOpen')}</p>
                <CmsLink link={c.link} className="cms-cta" />
              </li>
            ))}
          </ul>
        </section>
      )}
      {content && <ContentRenderer components={content.components} />}
    </div>
  );
}
