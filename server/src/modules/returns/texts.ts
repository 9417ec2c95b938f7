// What the return pages and the confirmation e-mail say on the server's side, in every storefront language
// (server/src/locales/<language>/returns.json): page titles, the return reasons and the instructions of a request.
// `{returnNumber}`, `{date}`, `{store}` and `{amount}` are filled in by `instructionsOf`.
import { formatShopDay } from '../../../../reference/markets/shop-day.ts';
import { serverTexts, type Texts } from '../../locales/index.ts';
import type { ReturnFlow, ReturnHandover } from './tables.ts';

export const RETURN_REASON_IDS = [
  'size-too-small',
  'size-too-large',
  'not-as-pictured',
  'quality',
  'wrong-item',
  'changed-mind',
] as const;
export type ReturnReasonId = (typeof RETURN_REASON_IDS)[number];

type PageKey = keyof Texts<'returns'>['titles'];

function textsOf(locale: string): Texts<'returns'> {
  return serverTexts('returns', locale);
}

export function returnPageTitle(locale: string, key: PageKey): string {
  return textsOf(locale).titles[key];
}

export function returnReasons(locale: string): { id: ReturnReasonId; label: string }[] {
  const t = textsOf(locale);
  return RETURN_REASON_IDS.map((id) => ({ id, label: t.reasons[id] }));
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_m, k: string) => values[k] ?? '');

/** The steps after a request, in order: packing, handing over, then what the client gets back. */
export function instructionsOf(
  locale: string,
  r: {
    flowType: ReturnFlow;
    returnNumber: string;
    returnBy: string;
    handover: ReturnHandover | null;
    storeName: string | null;
    refundTotal: number;
    currency: string;
  },
): string[] {
  const t = textsOf(locale);
  const date = formatShopDay(r.returnBy, locale);
  const amount = formatMoney(r.refundTotal, r.currency, locale);
  const values = { returnNumber: r.returnNumber, date, store: r.storeName ?? '', amount };
  const handover = r.storeName ? t.store : r.handover === 'pickUp' ? t.pickUp : t.dropOff;
  return [t.pack, fill(handover, values), fill(r.flowType === 'Exchange' ? t.exchange : t.refund, values)];
}

export function formatMoney(amount: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency })
    .format(amount)
    .replace(/\u202f|\u00a0/g, '\u00a0');
}
