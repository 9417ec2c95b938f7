import type { Schemas } from '../../shared/http.ts';
import { serverTexts } from '../../locales/index.ts';
import type { Market } from '../markets/index.ts';
import type { PageDataService } from '../pages/index.ts';

/** The heading of the confirmation page before the answer is known (also its `<title>`): newsletter.json. */
export const confirmPageTitle = (locale: string) => serverTexts('newsletter', locale).confirmTitle;

/**
 * Data of `/newsletter/confirm` (`GET /ssr/newsletter/confirm`): the shell of the market and the page heading.
 * The link's token is in the URL fragment, never seen here: the page is the same for every visitor, and the
 * browser confirms with `POST /api/newsletter/confirm`. `noindex, nofollow`, without alternates.
 */
export class NewsletterPages {
  constructor(private readonly pages: PageDataService) {}

  async confirm(market: Market): Promise<Schemas['NewsletterConfirmPageData']> {
    const title = confirmPageTitle(market.locale);
    return {
      ...(await this.pages.privateShell('newsletter-confirm', market, '/newsletter/confirm', title)),
      title,
      continueUrl: this.pages.localizedPath(market.locale, '/'),
    };
  }
}
