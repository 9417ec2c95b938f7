// The order and return e-mails through the real path: orders placed, shipped, cancelled and returned on the app,
// then the e-mail the outbox holds, rendered as the worker sends it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, startTestApp, type TestApp } from '../../test/harness.ts';
import { formatPrice } from '../../../../reference/markets/format.ts';
import { formatShopDays } from '../../../../reference/markets/shop-day.ts';
import { insertCustomer, signIn } from '../accounts/test-support.ts';
import { buyableVariant, orderBody, place, shopperWith } from '../checkout/test-support.ts';
import { advanceOrders, orderMails } from '../orders/index.ts';
import { deliveredOrder, twoSizeProducts } from '../returns/test-support.ts';
import { escapeHtml } from './templates.ts';
import { latestMail } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface PlacedItem {
  pid: string;
  name: string;
  color: string;
  size: string;
  quantity: number;
  lineTotal: number;
}
let next = 40;

/** Checks the line-item table, the summary and the plain text of an order e-mail. */
function expectOrderDetails(
  mail: { html: string; text: string; links: string[] },
  items: PlacedItem[],
  origin: string,
  labels: { color: string; size: string; quantity: string; oneSize: string },
) {
  for (const item of items) {
    const size = item.size === 'TU' ? labels.oneSize : labels.size.replace('{value}', item.size);
    for (const part of [
      labels.color.replace('{value}', item.color),
      size,
      labels.quantity.replace('{value}', String(item.quantity)),
    ]) {
      expect(mail.html).toContain(escapeHtml(part));
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toContain(escapeHtml(item.name));
    expect(mail.text).toContain(item.name);
    // The picture: an absolute URL with its size and alternative text.
    expect(mail.html).toMatch(
      new RegExp(
        `<img class="sf-picture" src="${origin}/media/products/${item.pid}/1\\.svg" width="96" height="120" alt="[^"]+"`,
      ),
    );
  }
}

describe('order e-mails on the real app', () => {
  it('fr-fr: the confirmation holds every line (picture, name, colour, size, quantity, price), the address, the method, the amounts and the links', async () => {
    const v = await buyableVariant(t.database.db, { minStock: 4, offset: next++ * 2 });
    const a = await shopperWith(t.app, v, 2);
    const email = `mail-fr-${randomUUID()}@example.fr`;
    const { body, option } = await orderBody(a, { email });
    const res = await place(a, body).expect(201);
    const order = res.body;

    const mail = await latestMail(t.database.db, email);
    expect(mail.template).toBe('order-confirmation');
    expect(mail.subject).toContain(order.orderNumber);
    const origin = new URL(mail.links[0]!).origin;
    expect(mail.links[0]).toBe(`${origin}/fr-fr/guest/order-online?transactionUuid=${order.transactionUuid}`);
    expectOrderDetails(mail, order.items, origin, {
      color: 'Couleur\u202f: {value}',
      size: 'Taille\u202f: {value}',
      quantity: 'Quantité\u202f: {value}',
      oneSize: 'Taille unique',
    });
    // Every line's page is linked.
    for (const item of order.items) expect(mail.links).toContain(new URL(item.url, `${origin}/`).href);
    const money = (n: number) => formatPrice(n, 'EUR', 'fr-fr');
    for (const part of [
      `Numéro de commande\u202f: ${order.orderNumber}`,
      'Livraison standard',
      'Camille Martin',
      '12 rue de Sèvres',
      '75006 Paris',
      'France',
      // The days as the checkout and the order pages write them: the web's own helper.
      `Livraison estimée\u202f: ${formatShopDays(option.estimatedFrom, option.estimatedTo, 'fr-fr')}`,
      'Visa se terminant par 4242',
      money(order.items[0].lineTotal),
      money(order.totals.subtotal),
      money(order.totals.tax),
      money(order.totals.total),
    ]) {
      expect(mail.html, part).toContain(escapeHtml(part));
      expect(mail.text, part).toContain(part);
    }
    expect(mail.text).toContain(`Total\u202f: ${money(order.totals.total)}`);
    expect(mail.text).toContain(`Dont taxes\u202f: ${money(order.totals.tax)}`);
    // Built for mail clients: tables, a light and a dark palette, 600 px at most, the language of the market.
    expect(mail.html).toMatch(/^<!DOCTYPE html>\n<html lang="fr" dir="ltr">/);
    expect(mail.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(mail.html).toContain('@media (prefers-color-scheme: dark)');
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html).not.toMatch(/<table(?![^>]*role="presentation")/);
  });

  it('ja-jp: yen amounts, Japanese labels and the address as Japan writes it', async () => {
    const v = await buyableVariant(t.database.db, { minStock: 3, offset: next++ * 2, currency: 'JPY' });
    const a = await shopperWith(t.app, v, 1, 'ja-jp');
    const email = `mail-ja-${randomUUID()}@example.jp`;
    const address = {
      firstName: '花子',
      lastName: '山田',
      addressLine1: '銀座6-10-1',
      city: '中央区',
      stateCode: '13',
      postalCode: '104-0061',
      country: 'JP',
    };
    const { body } = await orderBody(
      a,
      { email, firstName: '花子', lastName: '山田', phone: '+81 90 1234 5678' },
      'ja-jp',
    );
    const res = await place(a, { ...body, delivery: { ...body.delivery, address } }, undefined, 'ja-jp');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const order = res.body;
    const mail = await latestMail(t.database.db, email);
    expect(mail).toMatchObject({ template: 'order-confirmation', language: 'ja' });
    const origin = new URL(mail.links[0]!).origin;
    expectOrderDetails(mail, order.items, origin, {
      color: 'カラー：{value}',
      size: 'サイズ：{value}',
      quantity: '数量：{value}',
      oneSize: 'フリーサイズ',
    });
    for (const part of [
      `ご注文番号：${order.orderNumber}`,
      '〒104-0061',
      '東京都 中央区',
      '銀座6-10-1',
      '山田 花子',
      '日本',
      `合計：${formatPrice(order.totals.total, 'JPY', 'ja-jp')}`,
    ]) {
      expect(mail.text, part).toContain(part);
    }
    expect(mail.html).toContain(escapeHtml(formatPrice(order.totals.total, 'JPY', 'ja-jp')));
    expect(formatPrice(order.totals.total, 'JPY', 'ja-jp')).toMatch(/^¥[\d,]+$/);
    expect(mail.html).toMatch(/<html lang="ja" dir="ltr">/);
  });

  it('shipping: the parcel e-mail carries the carrier, the tracking number and link, and the same lines and amounts', async () => {
    const v = await buyableVariant(t.database.db, { minStock: 3, offset: next++ * 2 });
    const a = await shopperWith(t.app, v, 1);
    const email = `mail-ship-${randomUUID()}@example.fr`;
    const order = (await place(a, (await orderBody(a, { email })).body).expect(201)).body;
    const origin = new URL((await latestMail(t.database.db, email)).links[0]!).origin;
    const mails = orderMails(origin);
    const later = Date.now() + 60_000;
    await advanceOrders(t.database.db, 1, new Date(later), [order.orderNumber], mails.dispatched); // processing: no e-mail
    expect((await latestMail(t.database.db, email)).template).toBe('order-confirmation');
    await advanceOrders(t.database.db, 1, new Date(later + 2_000), [order.orderNumber], mails.dispatched); // shipped
    const mail = await latestMail(t.database.db, email);
    expect(mail.template).toBe('order-shipped');
    const tracking = `JD${order.orderNumber.replace(/\D/g, '').padStart(10, '0')}`;
    for (const part of [
      'Transporteur\u202f: DHL Express',
      `Numéro de suivi\u202f: ${tracking}`,
      'Suivre mon colis',
      formatPrice(order.totals.total, 'EUR', 'fr-fr'),
    ]) {
      expect(mail.text, part).toContain(part);
    }
    expect(mail.links).toContain(`https://tracking.example.com/DHL%20Express/${tracking}`);
    expectOrderDetails(mail, order.items, origin, {
      color: 'Couleur\u202f: {value}',
      size: 'Taille\u202f: {value}',
      quantity: 'Quantité\u202f: {value}',
      oneSize: 'Taille unique',
    });
  });

  it('cancellation: the e-mail repeats the order, escaping what the customer typed', async () => {
    const customer = await insertCustomer(t.database.db, { firstName: 'Camille', lastName: 'Martin' });
    const browser = agent(t.app);
    await signIn(browser, customer);
    const v = await buyableVariant(t.database.db, { minStock: 3, offset: next++ * 2 });
    await browser
      .post('/api/data/basket/add-item?locale=fr-fr')
      .send({ pid: v.pid, size: v.size, quantity: 1 })
      .expect(200);
    const hostile = '<img src=x onerror=alert(1)> & "Bâtiment B"';
    const { body } = await orderBody(browser, { email: customer.email });
    const placed = await place(browser, {
      ...body,
      delivery: { ...body.delivery, address: { ...body.delivery.address, addressLine2: hostile } },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body;
    await browser
      .post('/api/data/order/cancel?locale=fr-fr')
      .send({ orderNumber: order.orderNumber, reason: 'changedMind' })
      .expect(200);
    const mail = await latestMail(t.database.db, customer.email);
    expect(mail.template).toBe('order-cancelled');
    const origin = new URL(mail.links[0]!).origin;
    expect(mail.links[0]).toBe(`${origin}/fr-fr/myaccount/order-online?orderNumber=${order.orderNumber}`);
    expectOrderDetails(mail, order.items, origin, {
      color: 'Couleur\u202f: {value}',
      size: 'Taille\u202f: {value}',
      quantity: 'Quantité\u202f: {value}',
      oneSize: 'Taille unique',
    });
    expect(mail.text).toContain(`Total\u202f: ${formatPrice(order.totals.total, 'EUR', 'fr-fr')}`);
    // The hostile address line and first name are text, never markup.
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain(escapeHtml(hostile));
    expect(mail.text).toContain(hostile);
  });

  it('return: the request e-mail lists each returned line with its picture and the refund', async () => {
    const [v] = await twoSizeProducts(t.database.db, 1, 7);
    const email = `mail-return-${randomUUID()}@example.fr`;
    const { a, order } = await deliveredOrder(t.app, t.database.db, v!, { email });
    const res = await a.post('/api/data/order/return-request?locale=fr-fr').send({
      transactionUuid: order.transactionUuid,
      flowType: 'Return',
      lines: [{ itemId: '1', quantity: 1, reasonId: 'quality' }],
      returnMethod: 'ShipToReturnCenter',
      handover: 'dropOff',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const mail = await latestMail(t.database.db, email);
    expect(mail.template).toBe('return-request');
    const origin = new URL(mail.links[0]!).origin;
    const money = (n: number) => formatPrice(n, 'EUR', 'fr-fr');
    for (const part of [
      `Numéro de demande\u202f: ${res.body.returnNumber}`,
      `Numéro de commande\u202f: ${order.orderNumber}`,
      `Taille\u202f: ${v!.size}`,
      'Quantité\u202f: 1',
    ]) {
      expect(mail.text, part).toContain(part);
      expect(mail.html, part).toContain(escapeHtml(part));
    }
    expect(mail.text).toContain(`Total remboursé\u202f: ${money(res.body.refund.total)}`);
    expect(mail.html).toContain(`>Total remboursé</td>`);
    expect(mail.html).toContain(`>${money(res.body.refund.total)}</td>`);
    expect(mail.html).toContain(`src="${origin}/media/products/${v!.pid}/1.svg"`);
    expect(mail.links[0]).toContain('/fr-fr/myaccount/return-thank-you?transactionUuid=');
  });
});
