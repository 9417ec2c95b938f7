import { randomInt } from 'node:crypto';
import { contentLanguageOf } from '../../../../reference/content-language.ts';
import type { DB } from '../../db/database.ts';
import { AppError, type Issue } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import type { Limit, RateLimiter } from '../../shared/rate-limit.ts';
import type { RecaptchaVerifier } from '../../shared/recaptcha.ts';
import { checkEmail, checkName, parsePhone, PHONE_MESSAGES } from '../accounts/index.ts';
import type { ContentService } from '../content/index.ts';
import { enqueueMail } from '../mail/index.ts';
import type { Market, MarketService } from '../markets/index.ts';
import type { PageDataService } from '../pages/index.ts';
// The client service desks of each market (phone, chat, WhatsApp, hours), shared with the client-service page.
import { contactChannels } from '../pages/index.ts';
import {
  ANSWER_WITHIN_HOURS,
  CHANNEL_ORDER,
  GENERIC_SUBJECT,
  PAGE_DESCRIPTION,
  PAGE_TITLE,
  TOPICS,
  type Channel,
} from './data.ts';
import { insertContactRequest } from './repository.ts';

export type ContactRequest = Schemas['ContactRequest'];
export type ContactReceipt = Schemas['ContactRequestReceipt'];

const MINUTE = 60;
/** The contract's rate limits (429 ERR_API_1028): 3 messages per IP address per 10 minutes, 3 per address per hour. */
export const CONTACT_LIMITS = {
  perIp: { bucket: 'contact-ip', max: 3, windowSeconds: 10 * MINUTE },
  perEmail: { bucket: 'contact-email', max: 3, windowSeconds: 60 * MINUTE },
} satisfies Record<string, Limit>;

/** Client-service references: `CS-` + the day (UTC) + 6 letters and digits, e.g. `CS-20261121-3HZ8PA`. */
export const REFERENCE_PATTERN = /^CS-[0-9]{8}-[A-Z0-9]{6}$/;
const REFERENCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function newReference(now: number): string {
  const day = new Date(now).toISOString().slice(0, 10).replaceAll('-', '');
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `CS-${day}-${suffix}`;
}

/** What the contact page is built from: the page shell and the market's content, both owned elsewhere. */
export interface ContactPageSources {
  pages: Pick<PageDataService, 'shell' | 'localizedPath' | 'brandName'>;
  content: Pick<ContentService, 'findPage' | 'pageAt'>;
  markets: MarketService;
  /** Absolute origin of canonical and hreflang links. */
  publicOrigin: string;
  /** Public reCAPTCHA site key sent to the page. */
  recaptchaSiteKey: string;
}

/** Who sends: the client's address (rate limits, reCAPTCHA) and the signed-in customer, if any. */
export interface ContactCaller {
  ip: string;
  customerId?: string | undefined;
}

/**
 * The contact form (`/contact`, form `contactUs`): its page data, and the messages to client service —
 * checked (reCAPTCHA first, then rate limits, then the form-data rules: ERR_CTC_API_1000), stored with a
 * reference, and acknowledged by e-mail in the same transaction.
 */
export class ContactService {
  private readonly clock: () => number;

  constructor(
    private readonly db: DB,
    private readonly recaptcha: RecaptchaVerifier,
    private readonly limits: RateLimiter,
    private readonly sources: ContactPageSources,
    options: { clock?: () => number } = {},
  ) {
    this.clock = options.clock ?? Date.now;
  }

  /** The answer channels the market's client service desk offers, in the form's order. */
  channels(market: Market): Channel[] {
    const open = new Set(
      contactChannels(market.country, contentLanguageOf(market.locale), market.locale).map((c) => c.channel),
    );
    open.add('email');
    return CHANNEL_ORDER.filter((c) => open.has(c));
  }

  /** `GET /ssr/contact`. */
  async pageData(market: Market): Promise<Schemas['ContactPageData']> {
    const { pages, content, markets, publicOrigin } = this.sources;
    const language = contentLanguageOf(market.locale);
    const row = await content.findPage(market, { url: '/contact' });
    const page = row ? await content.pageAt(market, '/contact') : null;
    const alternates = markets
      .countries()
      .filter((c) => !c.urlOverride && (!row?.countries || row.countries.includes(c.country)))
      .flatMap((c) => c.locales)
      .map((l) => ({ hreflang: l, href: publicOrigin + pages.localizedPath(l, '/contact') }));
    if (!row?.countries || row.countries.includes('US'))
      alternates.push({ hreflang: 'x-default', href: `${publicOrigin}/contact` });
    const meta: Schemas['PageMeta'] = {
      title: page?.metaTitle ?? `${PAGE_TITLE[language]} | ${pages.brandName}`,
      description: page?.metaDescription ?? PAGE_DESCRIPTION[language],
      canonical: publicOrigin + pages.localizedPath(market.locale, '/contact'),
      robots: 'index, follow',
      alternates,
    };
    return {
      // The shell every page shares (market, navigation, header and footer), from the page-data service.
      ...(await pages.shell('contact', market, meta)),
      content: page,
      form: {
        formId: 'contactUs',
        topics: TOPICS.map((t) => ({ value: t.value, label: t.label[language] })),
        channels: this.channels(market),
        recaptchaSiteKey: this.sources.recaptchaSiteKey,
      },
      // The form is on this page: the desk's "write to us" link, which opens it, is not repeated.
      contactChannels: contactChannels(market.country, language, market.locale).filter(
        (c) => c.link.action !== 'open-contact-form',
      ),
    };
  }

  /** `POST /api/data/contact/contact-us`: the receipt of a stored and acknowledged message. */
  async send(input: ContactRequest, market: Market, caller: ContactCaller): Promise<ContactReceipt> {
    await this.recaptcha.verify(input.recaptchaToken, caller.ip);
    await this.limits.hit(CONTACT_LIMITS.perIp, caller.ip);
    await this.limits.hit(CONTACT_LIMITS.perEmail, input.email.trim().toLowerCase());

    // The schema says it too; kept here so that the rule holds for any caller of the service.
    if ((input.channel === 'phoneCall' || input.channel === 'whatsapp') && !input.phone) {
      throw new AppError('ERR_API_1018', 'body/phone: is required for a call-back or a WhatsApp answer', [
        { path: 'body/phone', message: 'is required for a call-back or a WhatsApp answer' },
      ]);
    }
    const { fields, issues } = this.checkForm(input, market, caller);
    if (issues.length)
      throw new AppError('ERR_CTC_API_1000', issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues);

    const language = contentLanguageOf(market.locale);
    const topic = TOPICS.find((t) => t.value === input.topic);
    const subject = topic ? topic.label[language] : GENERIC_SUBJECT[language];
    const data: Record<string, unknown> = {
      formType: input.formType,
      channel: input.channel,
      topic: input.topic ?? null,
      civility: input.civility ?? null,
      firstName: fields.firstName,
      lastName: fields.lastName,
      phone: fields.phone,
      orderNumber: fields.orderNumber,
      message: fields.message,
      country: market.country,
    };
    return this.db.transaction().execute(async (trx) => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const reference = newReference(this.clock());
        const row = await insertContactRequest(trx, {
          reference,
          customer_id: caller.customerId ?? null,
          email: fields.email,
          locale: market.locale,
          data,
        });
        if (!row) continue;
        await enqueueMail(trx, {
          to: fields.email,
          template: 'contact-ack',
          locale: market.locale,
          data: { reference, subject, firstName: fields.firstName },
        });
        return {
          reference,
          channel: input.channel,
          formType: input.formType,
          receivedAt: row.created_at.toISOString(),
          expectedAnswerWithinHours: ANSWER_WITHIN_HOURS[input.channel],
        };
      }
      throw new Error('No free client-service reference after 5 draws');
    });
  }

  /** The form-data rules the schema cannot say; each failure names its field (ERR_CTC_API_1000). */
  private checkForm(input: ContactRequest, market: Market, caller: ContactCaller) {
    const issues: Issue[] = [];
    const email = checkEmail(input.email);
    if (!email.ok)
      issues.push({
        path: 'body/email',
        message: email.code === 'ERR_FORM_1002' ? 'seems to contain a typing error' : 'is not a valid email address',
      });
    const names = { firstName: checkName(input.firstName), lastName: checkName(input.lastName) };
    for (const [field, check] of Object.entries(names)) {
      if (!check.ok)
        issues.push({ path: `body/${field}`, message: 'must contain letters, spaces, apostrophes and hyphens only' });
    }
    let phone: string | null = null;
    if (input.phone) {
      const parsed = parsePhone(input.phone, market.country);
      if (parsed.ok) phone = parsed.e164;
      else issues.push({ path: 'body/phone', message: PHONE_MESSAGES[parsed.reason] });
    }
    if (!this.channels(market).includes(input.channel)) {
      issues.push({ path: 'body/channel', message: `is not offered in this market (${market.locale})` });
    }
    const message = input.message.trim();
    if (message === '') issues.push({ path: 'body/message', message: 'must not be blank' });
    const orderNumber = input.orderNumber?.toUpperCase() ?? null;
    if (orderNumber && caller.customerId) {
      // TODO(orders): accept the number when it is one of the signed-in customer's orders. Orders do not
      // exist yet, so no number can be proven to be theirs: refused until the orders module answers it.
      issues.push({ path: 'body/orderNumber', message: 'is not one of your orders' });
    }
    return {
      issues,
      fields: {
        email: email.ok ? email.email : '',
        firstName: names.firstName.ok ? names.firstName.value : input.firstName,
        lastName: names.lastName.ok ? names.lastName.value : input.lastName,
        phone,
        orderNumber,
        message,
      },
    };
  }
}
