// The return pages rendered by the server (through Vite's dev server, so no production build is needed): private,
// never cached, 404 for an unknown guest transaction.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, startTestApp, type TestApp } from '../../test/harness.ts';
import { deliveredOrder, twoSizeProducts } from './test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ VITE_DEV: 'true' }, { pages: true });
}, 120_000);
afterAll(() => t?.close());

const html = (path: string) => request(t.app).get(path).set('Accept', 'text/html');

describe('server-rendered return pages', () => {
  it('/return-order, the guest flow and the guest thank-you page render, private and noindex; an unknown transaction is a 404', async () => {
    const start = await html('/fr-fr/return-order').expect(200);
    expect(start.headers['cache-control']).toBe('private, no-store');
    expect(start.text).toContain('Retourner une commande');
    expect(start.text).toContain('<meta name="robots" content="noindex, nofollow">');

    const [v] = await twoSizeProducts(t.database.db, 1, 50);
    const { order } = await deliveredOrder(t.app, t.database.db, v!);
    const flow = await html(`/fr-fr/guest/return-exchange?transactionUuid=${order.transactionUuid}`).expect(200);
    expect(flow.headers['cache-control']).toBe('private, no-store');
    expect(flow.text).toContain('Détails de la commande');
    expect(flow.text).toContain(order.orderNumber);
    await html(`/fr-fr/guest/return-exchange?transactionUuid=${randomUUID()}`).expect(404);

    await agent(t.app)
      .post('/api/data/order/return-request?locale=fr-fr')
      .send({
        transactionUuid: order.transactionUuid,
        flowType: 'Return',
        lines: [{ itemId: '1', quantity: 1, reasonId: 'quality' }],
        returnMethod: 'ShipToReturnCenter',
        handover: 'dropOff',
      })
      .expect(201);
    const thanks = await html(`/fr-fr/myaccount/return-thank-you?transactionUuid=${order.transactionUuid}`).expect(200);
    expect(thanks.headers['cache-control']).toBe('private, no-store');
    expect(thanks.text).toMatch(/RMA-\d{8}/);
    expect(thanks.text).toContain('Merci, votre demande est enregistrée');
  }, 60_000);
});
