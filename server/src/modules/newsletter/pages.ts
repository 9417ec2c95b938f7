import type { Schemas } from '../../shared/http.ts';
import { textsOf, type TextTable } from '../../shared/text-language.ts';
import type { Market } from '../markets/index.ts';
import type { PageDataService } from '../pages/index.ts';

/** The heading of the confirmation page before the answer is known (also its `<title>`). */
const TITLES: TextTable<string> = {
  en: 'Your newsletter subscription',
  fr: 'Votre abonnement à la newsletter',
  de: 'Ihr Newsletter-Abonnement',
  es: 'Su suscripción a la newsletter',
  it: 'La Sua iscrizione alla newsletter',
  ja: 'ニュースレターの購読',
  ko: '뉴스레터 구독',
  pt: 'Sua inscrição na newsletter',
  zh: '您的新闻通讯订阅',
  'zh-hant': '您的電子報訂閱',
};

export const confirmPageTitle = (locale: string) => textsOf(TITLES, locale);

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
