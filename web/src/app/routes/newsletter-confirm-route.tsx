import type { Schemas } from '../../lib/api-client';
import { NewsletterConfirmPage } from '../../features/newsletter/components/newsletter-confirm-page';

/** `/newsletter/confirm#token=…`, the link of the newsletter confirmation e-mail (double opt-in markets). */
export function NewsletterConfirmRoute({ data }: { data: Schemas['NewsletterConfirmPageData'] }) {
  return <NewsletterConfirmPage data={data} />;
}
