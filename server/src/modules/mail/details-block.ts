import type { DetailsCopy } from './mail-copy.ts';
import type { OrderDetails, ReturnDetails } from './details-data.ts';
import { MUTED, PICTURE, RULE, TEXT } from './mail-style.ts';
import { fill } from './render-values.ts';
import { escapeHtml } from '../../shared/html.ts';
import { formatPrice } from '../../../../reference/markets/format.ts';
import { formatShopDays } from '../../../../reference/markets/shop-day.ts';

/** The details block of order and return e-mails: numbers, line items, delivery, payment and amounts. */

/** How a card network writes its name (the payment provider gives a lower-case code). */
const CARD_BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  'american express': 'American Express',
  jcb: 'JCB',
  cb: 'CB',
  unionpay: 'UnionPay',
  discover: 'Discover',
  diners: 'Diners Club',
};
function cardBrandName(code: string): string {
  return CARD_BRANDS[code.toLowerCase()] ?? code.charAt(0).toUpperCase() + code.slice(1);
}

export interface Block {
  html: string[];
  text: string[];
  links: string[];
}

export function detailsBlock(
  details: OrderDetails | ReturnDetails,
  copy: DetailsCopy,
  locale: string,
  numbers: { label: string; value: string }[],
): Block {
  const e = escapeHtml;
  const money = (v: number) => formatPrice(v, details.currency, locale);
  const pair = (label: string, value: string) => fill(copy.pair, { label, value });
  const html: string[] = [];
  const text: string[] = [];
  const links: string[] = [];
  const heading = (label: string) =>
    `<tr><td class="sf-text" style="${TEXT}padding:40px 0 12px;font-size:12px;letter-spacing:0.16em;text-transform:uppercase;">` +
    `<h2 style="margin:0;font-size:12px;font-weight:normal;">${e(label)}</h2></td></tr>`;
  const small = (lines: string[], pad = '0 0 4px') =>
    `<tr><td class="sf-text" style="${TEXT}padding:${pad};font-size:14px;line-height:1.7;">${lines.map(e).join('<br>')}</td></tr>`;

  // Numbers: order number (and the request's).
  html.push(
    `<tr><td class="sf-text sf-rule" style="${TEXT}padding:28px 0 0;border-top:1px solid ${RULE};font-size:14px;line-height:1.7;">` +
      numbers.map((n) => e(pair(n.label, n.value))).join('<br>') +
      `</td></tr>`,
  );
  text.push(numbers.map((n) => pair(n.label, n.value)).join('\n'));

  // Line items: picture, name, colour, size (and the new size of an exchange), quantity, amount.
  html.push(heading(copy.items));
  text.push(copy.items.toUpperCase());
  const rows = details.lines.map((l) => {
    const facts = [
      ...(l.color ? [pair(copy.color, l.color)] : []),
      // A one-size piece says so, without a size label.
      l.size === 'TU' ? copy.oneSize : pair(copy.size, l.size),
      ...(l.newSize ? [pair(copy.newSize, l.newSize === 'TU' ? copy.oneSize : l.newSize)] : []),
      pair(copy.quantity, String(l.quantity)),
    ];
    const picture =
      `<img class="sf-picture" src="${e(l.imageUrl)}" width="${PICTURE.width}" height="${PICTURE.height}" alt="${e(l.imageAlt)}" ` +
      `style="display:block;width:${PICTURE.width}px;height:${PICTURE.height}px;border:0;outline:none;text-decoration:none;background-color:#f4f4f4;${MUTED}font-size:11px;line-height:1.4;">`;
    const name = l.url
      ? `<a href="${e(l.url)}" style="color:#000000;text-decoration:none;">${e(l.name)}</a>`
      : e(l.name);
    const cell = `border-top:1px solid ${RULE};padding:16px 0;`;
    text.push([l.name, facts.join(' · '), money(l.amount), ...(l.url ? [l.url] : [])].join('\n'));
    if (l.url) links.push(l.url);
    return (
      `<tr>` +
      `<td class="sf-rule" width="${PICTURE.width}" valign="top" style="${cell}width:${PICTURE.width}px;">${l.url ? `<a href="${e(l.url)}" style="text-decoration:none;">${picture}</a>` : picture}</td>` +
      `<td class="sf-text sf-rule" valign="top" style="${TEXT}${cell}padding-left:20px;font-size:14px;line-height:1.6;">${name}<br>` +
      `<span class="sf-muted" style="${MUTED}font-size:13px;">${facts.map(e).join('<br>')}</span></td>` +
      `<td class="sf-text sf-rule" valign="top" align="right" style="${TEXT}${cell}padding-left:12px;font-size:14px;line-height:1.6;white-space:nowrap;">${e(money(l.amount))}</td>` +
      `</tr>`
    );
  });
  html.push(
    `<tr><td><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${rows.join('')}</table></td></tr>`,
  );

  // Delivery: method, address or boutique, dates, parcel.
  if (details.kind === 'order') {
    const d = details.delivery;
    const collect = d.method !== 'ShipToAddress';
    const method = d.kind && !collect ? copy.kinds[d.kind] : copy.methods[d.method];
    const lines = [pair(copy.method, method)];
    const where = collect ? [copy.store, d.store!] : [copy.address, ...d.address];
    const after: string[] = [];
    if (d.estimate)
      after.push(
        pair(
          collect ? copy.estimateCollection : copy.estimateDelivery,
          formatShopDays(d.estimate.from, d.estimate.to, locale),
        ),
      );
    if (d.carrier) after.push(pair(copy.carrier, d.carrier));
    if (d.trackingNumber) after.push(pair(copy.trackingNumber, d.trackingNumber));
    html.push(heading(copy.delivery), small(lines, '0 0 12px'));
    html.push(
      `<tr><td class="sf-text" style="${TEXT}padding:0 0 12px;font-size:14px;line-height:1.7;">` +
        `<span class="sf-muted" style="${MUTED}">${e(where[0]!)}</span><br>${where.slice(1).map(e).join('<br>')}</td></tr>`,
    );
    if (after.length) html.push(small(after, '0 0 4px'));
    text.push(
      [
        copy.delivery.toUpperCase(),
        ...lines,
        '',
        where[0]!,
        ...where.slice(1),
        ...(after.length ? ['', ...after] : []),
      ].join('\n'),
    );
    if (d.trackingUrl) {
      html.push(
        `<tr><td class="sf-text" style="${TEXT}padding:4px 0 0;font-size:14px;line-height:1.7;">` +
          `<a href="${e(d.trackingUrl)}" style="color:#000000;text-decoration:underline;">${e(copy.track)}</a></td></tr>`,
      );
      text.push(`${copy.track}\n${d.trackingUrl}`);
      links.push(d.trackingUrl);
    }
  }

  // Payment and amounts.
  const p = details.payment;
  const paidWith = p
    ? p.method === 'expressPay'
      ? copy.expressPay
      : p.cardBrand && p.cardLast4
        ? fill(copy.card, { cardBrand: cardBrandName(p.cardBrand), last4: p.cardLast4 })
        : copy.cardOnly
    : undefined;
  const amounts: [string, string, boolean][] =
    details.kind === 'order'
      ? [
          [copy.subtotal, money(details.totals.subtotal), false],
          [copy.shipping, details.totals.shipping === 0 ? copy.free : money(details.totals.shipping), false],
          ...(details.totals.discount > 0
            ? [[copy.discount, `−${money(details.totals.discount)}`, false] as [string, string, boolean]]
            : []),
          [details.taxIncluded ? copy.taxIncluded : copy.taxAdded, money(details.totals.tax), false],
          [copy.total, money(details.totals.total), true],
        ]
      : [
          [copy.refundItems, money(details.refund.items), false],
          ...(details.refund.shipping > 0
            ? [[copy.refundShipping, money(details.refund.shipping), false] as [string, string, boolean]]
            : []),
          ...(details.refund.tax > 0
            ? [[copy.taxIncluded, money(details.refund.tax), false] as [string, string, boolean]]
            : []),
          [copy.refundTotal, money(details.refund.total), true],
        ];
  // An exchange that refunds nothing has no amounts to show.
  if (details.kind === 'return' && details.flow === 'Exchange' && details.refund.total === 0)
    return { html, text, links };
  html.push(heading(details.kind === 'order' ? copy.payment : copy.refund));
  if (paidWith) html.push(small([paidWith], '0 0 12px'));
  html.push(
    `<tr><td><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">` +
      amounts
        .map(([label, value, total]) => {
          const style = `${TEXT}font-size:${total ? 15 : 14}px;line-height:1.6;padding:${total ? '12px 0 0' : '2px 0'};${total ? `border-top:1px solid ${RULE};font-weight:bold;` : ''}`;
          return `<tr><td class="sf-text sf-rule" style="${style}">${e(label)}</td><td class="sf-text sf-rule" align="right" style="${style}white-space:nowrap;">${e(value)}</td></tr>`;
        })
        .join('') +
      `</table></td></tr>`,
  );
  text.push(
    [
      (details.kind === 'order' ? copy.payment : copy.refund).toUpperCase(),
      ...(paidWith ? [paidWith] : []),
      ...amounts.map(([label, value]) => pair(label, value)),
    ].join('\n'),
  );
  return { html, text, links };
}
