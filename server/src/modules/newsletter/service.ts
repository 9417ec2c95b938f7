import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '../../db/database.ts';
import { AppError, type Issue } from '../../shared/errors.ts';
import type { CsSchemas } from '../../shared/http.ts';
import type { Limit, RateLimiter } from '../../shared/rate-limit.ts';
import type { RecaptchaVerifier } from '../../shared/recaptcha.ts';
import { checkEmail } from '../accounts/index.ts';
import { enqueueMail } from '../mail/index.ts';
import type { RegistrationService } from '../registration/index.ts';
import {
  confirmPending,
  findByConfirmToken,
  findSubscription,
  insertSubscription,
  lastNewsletterMailAt,
  lockAddress,
  updateSubscription,
  type StoredConsent,
} from './repository.ts';

const HOUR = 3600;
/** The contracts' rate limits (429 ERR_API_1028). */
export const NEWSLETTER_LIMITS = {
  /** Customer service: 3 subscriptions per e-mail address per day… */
  perEmail: { bucket: 'newsletter-email', max: 3, windowSeconds: 24 * HOUR },
  /** …and 10 per IP address per hour. */
  perIp: { bucket: 'newsletter-ip', max: 10, windowSeconds: HOUR },
  /** Storefront `POST /api/newsletter/subscribe`: 5 per IP address per 10 minutes. */
  storefrontPerIp: { bucket: 'newsletter-storefront-ip', max: 5, windowSeconds: 600 },
  /** Customer service `POST /subscription/confirm`: 20 per IP address per 15 minutes. */
  confirmPerIp: { bucket: 'newsletter-confirm-ip', max: 20, windowSeconds: 900 },
  /** Storefront `POST /api/newsletter/confirm`: 10 per IP address per 15 minutes. */
  storefrontConfirmPerIp: { bucket: 'newsletter-storefront-confirm-ip', max: 10, windowSeconds: 900 },
} satisfies Record<string, Limit>;

/** No second newsletter e-mail to an address within this time, whatever is asked. */
export const MAIL_QUIET_MS = 24 * HOUR * 1000;

/** A confirmation link lapses this long after its e-mail was queued (subscribing again sends a new one). */
export const CONFIRM_LINK_MS = 7 * 24 * HOUR * 1000;

/** What a confirmation did: confirmed now, or the same link had confirmed the subscription before. */
export type ConfirmationStatus = 'confirmed' | 'alreadyConfirmed';

export type SubscriptionRequest = CsSchemas['SubscriptionRequest'];

export interface NewsletterOptions {
  /** Absolute origin of the links in e-mails (`https://www.example.com`). */
  publicOrigin: string;
  clock?: () => number;
}

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

const invalid = (issues: Issue[]) =>
  new AppError('ERR_API_1018', issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues);

/**
 * Newsletter subscriptions of the customer service. One subscription per address and market; answering
 * never tells whether the address was already subscribed (the caller answers 204 either way): what differs
 * is only the e-mail the owner receives — a confirmation where the market asks double opt-in (DE, AT, CH),
 * a welcome elsewhere, and nothing when a newsletter e-mail went to the address in the last 24 hours or
 * the address is already subscribed.
 */
export class NewsletterService {
  private readonly clock: () => number;

  constructor(
    private readonly db: DB,
    private readonly registration: RegistrationService,
    private readonly recaptcha: RecaptchaVerifier,
    private readonly limits: RateLimiter,
    private readonly options: NewsletterOptions,
  ) {
    this.clock = options.clock ?? Date.now;
  }

  /**
   * Checks in the contract's order — reCAPTCHA first, then the rate limits, the address (ERR_FORM_1002 typo,
   * ERR_FORM_1001 address check), the country of the locale and the consents (ERR_API_1018) — then records
   * the subscription and queues its e-mail in one transaction.
   */
  async subscribe(input: SubscriptionRequest, caller: { ip: string }): Promise<void> {
    await this.recaptcha.verify(input.recaptchaToken, caller.ip);
    await this.limits.hit(NEWSLETTER_LIMITS.perIp, caller.ip);
    // Every address tried counts, valid or not.
    await this.limits.hit(NEWSLETTER_LIMITS.perEmail, input.email.trim().toLowerCase());

    const checked = checkEmail(input.email);
    if (!checked.ok) {
      const message =
        checked.code === 'ERR_FORM_1002' ? 'seems to contain a typing error' : 'is not a valid email address';
      throw new AppError(checked.code, `body/email: ${message}`, [{ path: 'body/email', message }]);
    }
    const email = checked.email;
    const market = this.registration.market(input.locale);
    const issues: Issue[] = [];
    if (input.country !== undefined && input.country !== market.country) {
      issues.push({ path: 'body/country', message: `must be the country of the locale (${market.country})` });
    }
    const seen = new Set<string>();
    input.consents.forEach((c, i) => {
      if (seen.has(c.id)) issues.push({ path: `body/consents/${i}/id`, message: 'each consent may be answered once' });
      seen.add(c.id);
    });
    issues.push(...this.registration.checkConsents(input.consents, market.locale));
    if (!input.consents.some((c) => c.id === 'marketing_email' && c.granted)) {
      issues.push({ path: 'body/consents', message: 'must grant marketing_email' });
    }
    if (issues.length) throw invalid(issues);

    const now = this.clock();
    const answers: StoredConsent[] = input.consents.map((c) => ({
      id: c.id,
      granted: c.granted,
      version: c.version,
      at: new Date(now).toISOString(),
    }));
    const doubleOptIn = this.registration.doubleOptIn(market.locale);
    const source = input.source ?? 'footer';

    await this.db.transaction().execute(async (trx) => {
      await lockAddress(trx, email);
      const existing = await findSubscription(trx, email, market.country);
      const last = await lastNewsletterMailAt(trx, email);
      const mayMail = !last || now - last.getTime() >= MAIL_QUIET_MS;
      if (!existing) {
        const token = doubleOptIn && mayMail ? randomBytes(32).toString('base64url') : null;
        const expires = token ? new Date(now + CONFIRM_LINK_MS) : null;
        await insertSubscription(trx, {
          email,
          country: market.country,
          civility: input.civility,
          locale: market.locale,
          source,
          consents: answers,
          status: doubleOptIn ? 'pending' : 'subscribed',
          confirm_token_hash: token ? digest(token) : null,
          confirm_token_expires_at: expires,
        });
        if (!mayMail) return;
        if (token)
          await enqueueMail(trx, {
            to: email,
            template: 'newsletter-confirm',
            locale: market.locale,
            data: { confirmUrl: this.confirmUrl(market.locale, token) },
          });
        else await enqueueMail(trx, { to: email, template: 'newsletter-welcome', locale: market.locale, data: {} });
        return;
      }
      // Already known: the new answers replace the earlier ones of the same consents.
      const earlier = Array.isArray(existing.consents) ? (existing.consents as StoredConsent[]) : [];
      const consents = [...earlier.filter((c) => !seen.has(c.id)), ...answers];
      const changes = { civility: input.civility, locale: market.locale, source, consents };
      if (existing.status === 'pending' && mayMail) {
        // Still unconfirmed: a new confirmation e-mail (its link supersedes the earlier one).
        const token = randomBytes(32).toString('base64url');
        await updateSubscription(
          trx,
          { email, country: market.country },
          { ...changes, confirm_token_hash: digest(token), confirm_token_expires_at: new Date(now + CONFIRM_LINK_MS) },
        );
        await enqueueMail(trx, {
          to: email,
          template: 'newsletter-confirm',
          locale: market.locale,
          data: { confirmUrl: this.confirmUrl(market.locale, token) },
        });
        return;
      }
      await updateSubscription(trx, { email, country: market.country }, changes);
    });
  }

  /**
   * Confirms a double opt-in subscription from the token of its confirmation e-mail (rate limit first, per IP
   * address): `pending` → `subscribed` exactly once, with the welcome e-mail queued in the same transaction.
   * The link of a subscription it confirmed before answers `alreadyConfirmed` and changes nothing. A token that is
   * unknown, superseded by a newer e-mail or past its 7 days is ERR_NWS_API_1003, one answer for each.
   */
  async confirm(token: string, caller: { ip: string }): Promise<ConfirmationStatus> {
    await this.limits.hit(NEWSLETTER_LIMITS.confirmPerIp, caller.ip);
    const hash = digest(token);
    const now = new Date(this.clock());
    return this.db.transaction().execute(async (trx) => {
      const confirmed = await confirmPending(trx, hash, now);
      if (confirmed) {
        await enqueueMail(trx, {
          to: confirmed.email,
          template: 'newsletter-welcome',
          locale: confirmed.locale,
          data: {},
        });
        return 'confirmed';
      }
      const row = await findByConfirmToken(trx, hash);
      if (row?.status === 'subscribed' && row.confirmed_at) return 'alreadyConfirmed';
      throw new AppError('ERR_NWS_API_1003', 'The confirmation link is unknown, expired or superseded by a newer one.');
    });
  }

  /**
   * The link of the confirmation e-mail. The token travels in the fragment, which browsers never send to a
   * server: it cannot end up in access logs or in a `Referer`.
   */
  private confirmUrl(locale: string, token: string): string {
    return `${this.options.publicOrigin}/${locale}/newsletter/confirm#token=${token}`;
  }
}
