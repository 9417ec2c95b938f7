// What a lapsed request says, in every storefront language: on its thank-you page (`closed`, then `released`
// or `noRefund`, then `sent`) and in the `return-lapsed` e-mail (`released` / `noRefund` as the outcome,
// `again` / `ended` as what comes next), in server/src/locales/<language>/returns.json. `{date}`, `{closed}` and
// `{returnNumber}` are filled in below.
import { formatShopDay } from '../../../../reference/markets/shop-day.ts';
import { SERVER_TEXTS, serverTexts } from '../../locales/index.ts';
import { TEXT_LANGUAGES } from '../../shared/text-language.ts';
import type { ReturnFlow } from './tables.ts';

/** The lapse texts of a locale (the `lapse` object of returns.json). */
const textsOf = (locale: string) => serverTexts('returns', locale).lapse;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_m, k: string) => values[k] ?? '');
// The one day format (decision 0165), with the year: a lapsed request's days may be of another year.
const day = (iso: string, locale: string) => formatShopDay(iso, locale, true);

/** What became of the request: the reserved size released (exchange) or no refund (return). */
export function lapseOutcome(locale: string, flow: ReturnFlow): string {
  const t = textsOf(locale);
  return flow === 'Exchange' ? t.released : t.noRefund;
}

/** What comes next: a new request until the window's last day, or the window has ended. */
export function lapseNext(locale: string, windowEnds: string | null): string {
  const t = textsOf(locale);
  return windowEnds ? fill(t.again, { date: day(windowEnds, locale) }) : t.ended;
}

/** The thank-you page's steps of a lapsed request, in place of the hand-over instructions. */
export function lapsedInstructions(
  locale: string,
  r: { flowType: ReturnFlow; returnNumber: string; returnBy: string; cancelledAt: string },
): string[] {
  const t = textsOf(locale);
  return [
    fill(t.closed, { date: day(r.returnBy, locale), closed: day(r.cancelledAt, locale) }),
    lapseOutcome(locale, r.flowType),
    fill(t.sent, { returnNumber: r.returnNumber }),
  ];
}

/** Every language's lapse texts. */
export const LAPSE_TEXTS = Object.fromEntries(TEXT_LANGUAGES.map((l) => [l, SERVER_TEXTS[l].returns.lapse]));
