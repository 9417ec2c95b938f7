import { contentLanguageOf } from '../../../../reference/content-language.ts';
import { formatDay } from '../../../../reference/markets/format.ts';
import { SHOP_DAY } from '../../../../reference/markets/shop-day.ts';
import {
  APPOINTMENT_RULES,
  addDays,
  appointmentRefusal,
  isoWithOffset,
  localNow,
  periodsOn,
  zonedTimeToInstant,
} from '../../../../reference/stores/hours.ts';
import type { DB } from '../../db/database.ts';
import { AppError, type ErrorCode, type Issue } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import type { RateLimiter } from '../../shared/rate-limit.ts';
import type { RecaptchaVerifier } from '../../shared/recaptcha.ts';
import { checkEmail, checkName, parsePhone, PHONE_MESSAGES } from '../accounts/index.ts';
import { enqueueMail } from '../mail/index.ts';
import type { Market } from '../markets/index.ts';
import { ONE_SIZE, SIZE_PHRASE, fill } from './data.ts';
import {
  availableUnits,
  findActiveReservation,
  findBoutiqueProduct,
  findOpenAppointment,
  findStores,
  heldUnits,
  insertAppointment,
  insertReservation,
  lockStock,
  type BoutiqueProduct,
} from './repository.ts';
import type { StoreService } from './service.ts';
import type { StoreData } from './tables.ts';

import {
  BOUTIQUE_CHANNELS,
  HOLD_DAYS,
  RANK,
  REFUSAL_MESSAGES,
  STORE_LIMITS,
  appointmentReasons,
  newStoreReference,
  stockStatus,
  type Reason,
  type StockStatus,
  type StoreCaller,
} from './in-store-rules.ts';

/**
 * In-store services: a product's stock in boutiques ("find in store"), reservations ("reserve in store") and
 * appointment requests. Forms check reCAPTCHA first, then the rate limits, then their fields, then what they
 * name (boutique, product, size); a reservation or an appointment is stored and acknowledged by e-mail in one
 * transaction, so a refused request writes nothing.
 */
export class InStoreService {
  private readonly clock: () => number;

  constructor(
    private readonly db: DB,
    private readonly brand: string,
    private readonly stores: StoreService,
    private readonly recaptcha: RecaptchaVerifier,
    private readonly limits: RateLimiter,
    private readonly options: { publicOrigin: string; clock?: () => number },
  ) {
    this.clock = options.clock ?? Date.now;
  }

  /** A read of the boutiques' data; a failure of the source answers `code` (the cause is kept for the log). */
  private async source<T>(code: ErrorCode, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw Object.assign(new AppError(code), { cause: err });
    }
  }

  private async product(pid: string, market: Market, code: ErrorCode): Promise<BoutiqueProduct> {
    const id = pid.toUpperCase();
    const product = await this.source(code, () =>
      findBoutiqueProduct(this.db, this.brand, id, market.language, market.currency),
    );
    if (!product) throw new AppError('ERR_PDT_API_1001', `No product ${id} in this market.`);
    return product;
  }

  private static variant(product: BoutiqueProduct, size: string) {
    const v =
      product.variants.find((x) => x.size === size) ?? product.variants.find((x) => x.size === size.toUpperCase());
    if (!v) throw new AppError('ERR_PDT_API_1007', `${product.pid} has no size ${size}.`);
    return v;
  }

  private storeName(s: StoreData, market: Market): string {
    return s.names?.[market.language] ?? s.name;
  }

  /** `POST /api/data/stores/product-availability`: the product's stock in each known boutique, in request order. */
  async availability(
    input: Schemas['StoreProductAvailabilityRequest'],
    market: Market,
  ): Promise<Schemas['StoreProductAvailability']> {
    const product = await this.product(input.pid, market, 'ERR_API_1013');
    const variants = input.size === undefined ? product.variants : [InStoreService.variant(product, input.size)];
    const found = await this.source('ERR_API_1013', () => findStores(this.db, this.brand, input.storeIds));
    const byId = new Map(found.map((s) => [s.id, s]));
    const stores = input.storeIds.flatMap((id) => byId.get(id) ?? []);
    const units = await this.source('ERR_API_1013', () =>
      availableUnits(
        this.db,
        stores.map((s) => s.id),
        variants.map((v) => v.sku),
        new Date(this.clock()),
      ),
    );
    return {
      pid: product.pid,
      size: input.size === undefined ? null : (variants[0]?.size ?? null),
      stores: stores.map((s) => {
        const sizes = variants.map((v) => ({ size: v.size, status: stockStatus(units.get(`${s.id}|${v.sku}`) ?? 0) }));
        const best = sizes.reduce<StockStatus>(
          (acc, x) => (RANK[x.status] > RANK[acc] ? x.status : acc),
          'unavailable',
        );
        return {
          storeId: s.id,
          name: this.storeName(s, market),
          status: best,
          canReserve: s.services.includes('reserveInStore') && best !== 'unavailable',
          sizes,
        };
      }),
    };
  }

  /** The contact details every in-store form asks, checked by the spec §5 rules; issues name their field. */
  private contact(
    input: { firstName: string; lastName: string; email: string; phone: string; message?: string | undefined },
    market: Market,
  ) {
    const issues: Issue[] = [];
    const email = checkEmail(input.email);
    if (!email.ok)
      issues.push({
        path: 'body/email',
        message: email.code === 'ERR_FORM_1002' ? 'seems to contain a typing error' : 'is not a valid email address',
      });
    const first = checkName(input.firstName);
    const last = checkName(input.lastName);
    if (!first.ok)
      issues.push({ path: 'body/firstName', message: 'must contain letters, spaces, apostrophes and hyphens only' });
    if (!last.ok)
      issues.push({ path: 'body/lastName', message: 'must contain letters, spaces, apostrophes and hyphens only' });
    const phone = parsePhone(input.phone, market.country);
    if (!phone.ok) issues.push({ path: 'body/phone', message: PHONE_MESSAGES[phone.reason] });
    const message = input.message?.trim() || null;
    return {
      issues,
      email: email.ok ? email.email : '',
      firstName: first.ok ? first.value : input.firstName,
      lastName: last.ok ? last.value : input.lastName,
      phone: phone.ok ? phone.e164 : '',
      message,
    };
  }

  private async store(storeId: string, code: ErrorCode): Promise<StoreData> {
    const s = await this.source(code, () => this.stores.data(storeId));
    if (!s) throw new AppError('ERR_GLS_1006', `No boutique ${storeId}.`);
    return s;
  }

  /** Closing time of the boutique on the third day after `now` (the next open day when it is closed then). */
  holdUntil(s: StoreData, now: Date): Date {
    const hours = this.stores.hoursOf(s, HOLD_DAYS + 14);
    const today = localNow(s.timeZone, now).date;
    for (let i = HOLD_DAYS; i < HOLD_DAYS + 14; i++) {
      const date = addDays(today, i);
      const last = periodsOn(hours, date).periods.at(-1);
      if (last)
        return last.closes === '24:00'
          ? zonedTimeToInstant(addDays(date, 1), '00:00', s.timeZone)
          : zonedTimeToInstant(date, last.closes, s.timeZone);
    }
    return new Date(now.getTime() + HOLD_DAYS * 86_400_000);
  }

  /** `POST /api/store/reserve-product`. */
  async reserve(
    input: Schemas['ReservationRequest'],
    market: Market,
    caller: StoreCaller,
  ): Promise<Schemas['Reservation']> {
    await this.recaptcha.verify(input.recaptchaToken, caller.ip);
    await this.limits.hit(STORE_LIMITS.reservationPerIp, caller.ip);
    await this.limits.hit(STORE_LIMITS.reservationPerEmail, input.email.trim().toLowerCase());

    const contact = this.contact(input, market);
    if (contact.issues.length)
      throw new AppError(
        'ERR_STORE_API_1000',
        contact.issues.map((i) => `${i.path}: ${i.message}`).join('; '),
        contact.issues,
      );
    const store = await this.store(input.storeId, 'ERR_STORE_API_1001');
    const product = await this.product(input.pid, market, 'ERR_STORE_API_1001');
    const variant = InStoreService.variant(product, input.size);
    const quantity = input.quantity ?? 1;
    if (!store.services.includes('reserveInStore')) {
      const issue = { path: 'body/storeId', message: 'this boutique does not take reservations' };
      throw new AppError('ERR_STORE_API_1000', `${issue.path}: ${issue.message}`, [issue]);
    }

    const storeName = this.storeName(store, market);
    const now = new Date(this.clock());
    const result = await this.db.transaction().execute(async (trx) => {
      // The stock row's lock serialises the reservations of one size in one boutique.
      const stock = (await lockStock(trx, store.id, variant.sku)) ?? 0;
      const existing = await findActiveReservation(trx, store.id, variant.sku, contact.email, now);
      // The same request twice (a second click, a second tab): the reservation already made.
      if (existing) return { row: existing, created: false };
      const held = await heldUnits(trx, store.id, variant.sku, now);
      // Too few units left is the request's conflict with the stock (409), never a failure of the service.
      if (stock - held < quantity)
        throw new AppError(
          'ERR_STORE_API_1005',
          `Boutique ${store.id} has ${Math.max(0, stock - held)} unit(s) of ${variant.sku} to reserve.`,
        );
      const holdUntil = this.holdUntil(store, now);
      for (let attempt = 0; attempt < 5; attempt++) {
        const reference = newStoreReference('RES', this.clock());
        const row = await insertReservation(trx, {
          reference,
          store_id: store.id,
          pid: product.pid,
          sku: variant.sku,
          size: variant.size,
          quantity,
          civility: input.civility,
          first_name: contact.firstName,
          last_name: contact.lastName,
          email: contact.email,
          phone: contact.phone,
          message: contact.message,
          customer_id: caller.customerId ?? null,
          locale: market.locale,
          hold_until: holdUntil,
        });
        if (!row) continue;
        const language = contentLanguageOf(market.locale);
        const size = variant.size === 'TU' ? ONE_SIZE[language] : fill(SIZE_PHRASE[language], { size: variant.size });
        await enqueueMail(trx, {
          to: contact.email,
          template: 'store-reservation-ack',
          locale: market.locale,
          data: {
            reference,
            storeName,
            productName: product.name,
            size,
            storeUrl: this.options.publicOrigin + this.stores.urlOf(store, market),
            firstName: contact.firstName,
          },
        });
        return { row, created: true };
      }
      throw new Error('No free reservation reference after 5 draws');
    });
    const { row } = result;
    return {
      reservationId: row.reference,
      status: row.status,
      storeId: row.store_id,
      storeName,
      pid: row.pid,
      productName: product.name,
      size: row.size,
      quantity: row.quantity,
      createdAt: new Date(row.created_at).toISOString(),
      holdUntil: isoWithOffset(new Date(row.hold_until), store.timeZone),
    };
  }

  /** `POST /api/store/appointment`. */
  async book(
    input: Schemas['AppointmentRequest'],
    market: Market,
    caller: StoreCaller,
  ): Promise<Schemas['Appointment']> {
    await this.recaptcha.verify(input.recaptchaToken, caller.ip);
    await this.limits.hit(STORE_LIMITS.appointmentPerIp, caller.ip);
    await this.limits.hit(STORE_LIMITS.appointmentPerEmail, input.email.trim().toLowerCase());

    const contact = this.contact(input, market);
    if (input.preferredChannel && !BOUTIQUE_CHANNELS.has(input.preferredChannel)) {
      contact.issues.push({
        path: 'body/preferredChannel',
        message: 'boutiques answer by e-mail, telephone or WhatsApp',
      });
    }
    const fail = (issues: Issue[]) =>
      new AppError('ERR_STORE_API_1002', issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues);
    if (contact.issues.length) throw fail(contact.issues);
    const store = await this.store(input.storeId, 'ERR_STORE_API_1003');
    if (!store.services.includes('appointment'))
      throw fail([{ path: 'body/storeId', message: 'this boutique does not take appointments' }]);
    if (!appointmentReasons(store.services).includes(input.reason))
      throw fail([{ path: 'body/reason', message: 'this boutique does not offer this service' }]);
    const now = new Date(this.clock());
    const refusal = appointmentRefusal(
      this.stores.hoursOf(store, APPOINTMENT_RULES.maxDaysAhead + 2),
      store.timeZone,
      input.date,
      input.time,
      now,
    );
    if (refusal) throw fail([REFUSAL_MESSAGES[refusal]]);
    const pids = [...new Set((input.pids ?? []).map((p) => p.toUpperCase()))];
    for (const [i, pid] of pids.entries()) {
      const found = await this.source('ERR_STORE_API_1003', () =>
        findBoutiqueProduct(this.db, this.brand, pid, market.language, market.currency),
      );
      if (!found) throw fail([{ path: `body/pids/${i}`, message: 'is not a product of this market' }]);
    }

    const startsAt = zonedTimeToInstant(input.date, input.time, store.timeZone);
    const storeName = this.storeName(store, market);
    const row = await this.db.transaction().execute(async (trx) => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const reference = newStoreReference('APT', this.clock());
        const inserted = await insertAppointment(trx, {
          reference,
          store_id: store.id,
          reason: input.reason,
          starts_at: startsAt,
          duration_minutes: APPOINTMENT_RULES.durationMinutes,
          pids,
          civility: input.civility,
          first_name: contact.firstName,
          last_name: contact.lastName,
          email: contact.email,
          phone: contact.phone,
          preferred_channel: input.preferredChannel ?? null,
          message: contact.message,
          customer_id: caller.customerId ?? null,
          locale: market.locale,
        });
        if (!inserted) {
          // The same request twice (a second click): the request already registered.
          const open = await findOpenAppointment(trx, store.id, contact.email, startsAt);
          if (open) return open;
          continue;
        }
        // The one day format (decision 0165) with the time, in the boutique's time zone.
        const when = formatDay(
          startsAt.toISOString(),
          market.locale,
          { ...SHOP_DAY, hour: 'numeric', minute: '2-digit' },
          store.timeZone,
        );
        await enqueueMail(trx, {
          to: contact.email,
          template: 'store-appointment-ack',
          locale: market.locale,
          data: {
            reference,
            storeName,
            when,
            storeUrl: this.options.publicOrigin + this.stores.urlOf(store, market),
            firstName: contact.firstName,
          },
        });
        return inserted;
      }
      throw new Error('No free appointment reference after 5 draws');
    });
    return {
      appointmentId: row.reference,
      status: row.status,
      storeId: row.store_id,
      storeName,
      reason: row.reason as Reason,
      startsAt: isoWithOffset(new Date(row.starts_at), store.timeZone),
      durationMinutes: row.duration_minutes,
      createdAt: new Date(row.created_at).toISOString(),
    };
  }
}
