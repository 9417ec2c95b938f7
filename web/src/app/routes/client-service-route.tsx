import { useTranslation } from '../../lib/i18n-react';
import type { Schemas } from '../../lib/api-client';
import { Breadcrumbs } from '../../features/navigation/components/breadcrumbs';
import { ContentRenderer } from '../../features/content';
import { ContactChannels } from './contact-channels';
import './content-routes.css';

/** Client service: its content and the ways to reach an advisor in this market. */
export function ClientServiceRoute({ data }: { data: Schemas['ClientServicePageData'] }) {
  const { t } = useTranslation('content');
  const { content, contactChannels } = data;
  return (
    <div className="client-service">
      <Breadcrumbs items={content.breadcrumbs.slice(0, -1)} />
      <h1 className="content-page__title">{content.title}</h1>
      <ContactChannels
        channels={contactChannels}
        headingId="contact-channels"
        title={t('clientService.channels')}
        alwaysOpen={t('clientService.alwaysOpen')}
      />
      <ContentRenderer components={content.components} />
    </div>
  );
}
