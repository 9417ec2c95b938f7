// The kinds of request `npm run bench:capacity` (scripts/bench-capacity.mjs) measures, and the sample of the
// bench's catalogue they call.
import { expectOk } from './capacity-load.mjs';

// ---------------------------------------------------------------- the kinds
export function kinds(base, sample) {
  const json = { accept: 'application/json' };
  const html = { accept: 'text/html' };
  const post = { 'content-type': 'application/json', accept: 'application/json', 'sec-fetch-site': 'same-origin' };
  const get =
    (path, headers = json) =>
    async () => (await expectOk(await fetch(base + path, { headers }), path), 1);
  const rotate =
    (paths, headers = json) =>
    async (i) => (await expectOk(await fetch(base + paths[i % paths.length], { headers }), paths[i % paths.length]), 1);
  const enc = encodeURIComponent;
  const listings = [
    `/api/data/category/women-bags?locale=fr-fr&filters=${enc('color:black')}&sort=price_asc`,
    `/api/data/category/women?locale=fr-fr&filters=${enc('instock:true,size:38')}`,
    `/api/data/category/men-shoes?locale=fr-fr&filters=${enc('color:black|brown,instock:true')}&sort=newest&page=2`,
    `/api/data/category/women-ready-to-wear?locale=fr-fr&filters=${enc('material:wool|cashmere,price:500-3000')}`,
  ];
  const prefixes = ['s', 'sa', 'sac', 'l', 'lo', 'lou', 'b', 'bo', 'bot', 'e', 'es', 'esc', 'c', 'ca', 'cab'];
  const addItem = async (v) => {
    const res = await fetch(`${base}/api/data/basket/add-item?locale=fr-fr`, {
      method: 'POST',
      headers: post,
      body: JSON.stringify({ pid: v.pid, size: v.size, quantity: 1 }),
    });
    await expectOk(res, 'add-item');
    return /^(?:__Host-)?sid=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  };
  return {
    cached: [
      {
        id: 'html-cached',
        name: 'product page HTML, from the page cache (gzip, as browsers ask)',
        step: get(sample.pagePath, html),
      },
      {
        id: 'html-cached-identity',
        name: 'product page HTML, from the page cache, not compressed',
        step: get(sample.pagePath, { ...html, 'accept-encoding': 'identity' }),
      },
      {
        id: 'page-data-cached',
        name: 'product page data (/ssr/pr), from the cache',
        step: get(`/ssr/pr/${enc(sample.pid)}?locale=fr-fr`),
      },
      { id: 'listing-cached', name: 'category listing with filters, from the cache', step: rotate(listings) },
    ],
    uncached: [
      {
        id: 'html-uncached',
        name: 'product page HTML, rendered (data from the database; gzip)',
        step: rotate(sample.pagePaths, html),
      },
      {
        id: 'page-data',
        name: 'product page data (/ssr/pr) from the database',
        step: rotate(sample.pids.map((p) => `/ssr/pr/${enc(p)}?locale=fr-fr`)),
      },
      { id: 'listing', name: 'category listing with filters (API)', step: rotate(listings) },
      {
        id: 'autocomplete',
        name: 'autocomplete (1–3 letters)',
        step: rotate(
          prefixes.map((q) => `/api/data/search?brand=ysl&locale=fr-fr&q=${enc(q)}&pageSize=6&facets=false`),
        ),
      },
      {
        id: 'add-to-basket',
        name: 'add to basket (a new shopper: session and basket created)',
        step: async (i) => (await addItem(sample.variants[i % sample.variants.length]), 1),
      },
      {
        id: 'order',
        name: 'an order: add to basket, checkout options, place order (card)',
        step: async (i) => {
          const v = sample.variants[i % sample.variants.length];
          const cookie = await addItem(v);
          const options = JSON.parse(
            await expectOk(
              await fetch(`${base}/api/checkout/options?locale=fr-fr`, { headers: { ...json, cookie } }),
              'checkout options',
            ),
          );
          const option = options.deliveryOptions.find((o) => o.id.endsWith('-STD'));
          const body = {
            email: 'camille.martin@example.fr',
            civility: 'MS',
            firstName: 'Camille',
            lastName: 'Martin',
            phone: '+33 6 12 34 56 78',
            delivery: {
              optionId: option.id,
              address: {
                firstName: 'Camille',
                lastName: 'Martin',
                addressLine1: '12 rue de Sèvres',
                city: 'Paris',
                postalCode: '75006',
                country: 'FR',
              },
            },
            payment: {
              method: 'card',
              card: {
                number: '4242424242424242',
                expiryMonth: 12,
                expiryYear: new Date().getUTCFullYear() + 3,
                cvc: '123',
                holderName: 'Camille Martin',
              },
            },
            expectedTotal: options.basket.subtotal + option.cost,
            acceptTerms: true,
          };
          await expectOk(
            await fetch(`${base}/api/checkout/place-order?locale=fr-fr`, {
              method: 'POST',
              headers: { ...post, cookie, 'idempotency-key': crypto.randomUUID() },
              body: JSON.stringify(body),
            }),
            'place-order',
          );
          return 3;
        },
      },
    ],
  };
}

/** Products, pages and sizes of the bench's catalogue that the French site sells, their stock raised for the orders. */
export async function sampleOf(base, db) {
  const cat = await (
    await fetch(`${base}/api/data/category/women-bags?locale=fr-fr`, { headers: { accept: 'application/json' } })
  ).json();
  const pids = cat.products.slice(0, 12).map((p) => p.id);
  const pagePaths = [];
  for (const pid of pids) {
    const data = await (
      await fetch(`${base}/ssr/pr/${encodeURIComponent(pid)}?locale=fr-fr`, { headers: { accept: 'application/json' } })
    ).json();
    pagePaths.push(new URL(data.meta.canonical).pathname);
  }
  const { rows: variants } = await db.query(
    `select p.pid, v.size, v.sku from product_variants v join products p on p.pid = v.pid join product_prices pr on pr.pid = p.pid and pr.currency = 'EUR'
     where not p.is_employee_only and p.is_sellable_online and p.is_ecom_assortment and v.stock > 0 order by p.pid, v.sku limit 200`,
  );
  await db.query('update product_variants set stock = 100000 where sku = any($1)', [variants.map((v) => v.sku)]);
  return { pid: pids[0], pids, pagePath: pagePaths[0], pagePaths, variants };
}
