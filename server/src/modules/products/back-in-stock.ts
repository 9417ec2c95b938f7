// Back-in-stock alerts: the shopper's address checked (spec §5), the size checked to be one that may come
// back, the alert written once per size and address.
import { AppError } from '../../shared/errors.ts';
import type { Schemas } from '../../shared/http.ts';
import { maskEmail } from '../../shared/redaction.ts';
import type { Market } from '../markets/index.ts';
import { emailTypoOf } from '../../../../reference/rules/email.ts';
import { sizeStatus } from './display.ts';
import { insertBackInStock } from './repository.ts';
import type { ProductKit } from './product-kit.ts';

/** Spec §5 email rules past the contract's pattern: the typo blacklist and the further address check. */
export function emailProblem(email: string): string | undefined {
  const typo = emailTypoOf(email);
  if (typo) return `The address looks mistyped ("${typo}").`;
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (
    !/^[a-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/.test(local) ||
    local.startsWith('.') ||
    local.endsWith('.') ||
    local.includes('..')
  ) {
    return 'The part before @ is not a valid mailbox name.';
  }
  const labels = domain.split('.');
  if (domain.length > 253 || labels.some((l) => !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l)))
    return 'The domain is not valid.';
  if (!/^[a-z]{2,12}$/.test(labels.at(-1) ?? '')) return 'The top-level domain must have 2 to 12 letters.';
  return undefined;
}

export async function subscribeBackInStock(
  kit: ProductKit,
  pid: string,
  market: Market,
  body: Schemas['BackInStockRequest'],
): Promise<Schemas['BackInStockSubscription']> {
  await kit.options.recaptcha.verify(body.recaptchaToken);
  const email = body.email.trim().toLowerCase();
  const problem = emailProblem(email);
  if (problem) throw new AppError('ERR_PDT_API_1002', problem);
  const row = await kit.one(pid, market, 'ERR_PDT_API_1003');
  const variant = row.variants.find((v) => v.size === body.size || v.size === body.size.toUpperCase());
  if (!variant) throw new AppError('ERR_PDT_API_1007', `${row.pid} has no size ${body.size}.`);
  const status = sizeStatus(row, variant.stock);
  if (status === 'available') throw new AppError('ERR_PDT_API_1014', `Size ${variant.size} of ${row.pid} is in stock.`);
  if (status !== 'notify me')
    throw new AppError('ERR_PDT_API_1002', `Back-in-stock alerts are not offered for ${row.pid} (${status}).`);
  // The alert's email is written in the body's language and market, falling back like any locale.
  const locale = kit.markets.resolve(body.locale).locale;
  const created = await kit.source('ERR_PDT_API_1003', () =>
    insertBackInStock(kit.db, { sku: variant.sku, pid: row.pid, email, locale }),
  );
  if (!created) throw new AppError('ERR_PDT_API_1013', `An alert exists for ${variant.sku} and this address.`);
  return {
    pid: row.pid,
    size: variant.size,
    email: maskEmail(email),
    locale,
    status: 'subscribed',
    createdAt: new Date(created.created_at).toISOString(),
  };
}
