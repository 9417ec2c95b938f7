// The pages `npm run bench:web` (scripts/bench-web.mjs) measures, found on the running server in one locale: the
// paths of the catalogue's pages, and the cookies of a visitor with a bag for the basket and the checkout.

// ---------------------------------------------------------------- finding the pages
async function getJson(url, init) {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return { body: JSON.parse(text), res };
}
const pathOf = (canonical) => new URL(canonical).pathname;

/** The pages of one locale, found from the running server's data (nothing about the catalogue is assumed). */
export async function discover(base, locale, wanted) {
  const q = `locale=${encodeURIComponent(locale)}`;
  const { body: home } = await getJson(`${base}/ssr/home?${q}`);
  // A listing: the home page's featured categories, then its navigation (deepest first), the first with products.
  const candidates = [
    ...(home.featuredCategories ?? []).map((f) => f.category),
    ...[...(home.navigation ?? [])].sort((a, b) => (b.level ?? 0) - (a.level ?? 0)),
  ].filter((c) => c?.slug);
  let listing;
  for (const c of candidates) {
    const { body } = await getJson(`${base}/ssr/ca/${encodeURIComponent(c.slug)}?${q}`);
    if (body.listing?.products?.some((p) => p.availability?.inStock && p.availability?.isSellableOnline)) {
      listing = body;
      break;
    }
  }
  if (!listing) throw new Error(`${locale}: no category of the home page lists a product that can be bought online`);
  const category = listing.listing.category;

  // A product that can be bought online, and one of its sizes in stock (for the basket and the checkout).
  let product;
  let size;
  for (const p of listing.listing.products.filter((x) => x.availability?.inStock && x.availability?.isSellableOnline)) {
    const { body } = await getJson(`${base}/ssr/pr/${encodeURIComponent(p.id)}?${q}`);
    size = body.product?.sizes?.find((s) => s.inStock);
    if (size) {
      product = body;
      break;
    }
  }
  if (!product) throw new Error(`${locale}: no product of the ${category.slug} listing has a size in stock`);

  // A search that finds pieces: the category's name, else words of the product's name.
  let query;
  const words = [category.name, product.product.shortName, ...String(product.product.name).split(/\s+/)].filter(
    (w) => w && w.length > 1,
  );
  for (const w of words) {
    const { body } = await getJson(`${base}/ssr/search?${q}&q=${encodeURIComponent(w)}`);
    if ((body.search?.totalNrOfProducts ?? 0) > 0) {
      query = { text: w, results: body.search.totalNrOfProducts };
      break;
    }
  }
  if (!query && wanted.includes('search'))
    throw new Error(`${locale}: no search for ${words.join(', ')} finds anything`);

  // The bag: one unit of that size, on a session of its own; Lighthouse sends its cookies with every request.
  let cookie;
  if (wanted.includes('basket') || wanted.includes('checkout')) {
    const { res } = await getJson(`${base}/api/data/basket/add-item?${q}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ pid: product.product.id, size: size.id }),
    });
    cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    if (!/(^|; )sid=/.test(cookie)) throw new Error(`${locale}: adding to the bag set no session cookie`);
  }

  const all = {
    home: { path: pathOf(home.meta.canonical) },
    listing: { path: pathOf(listing.meta.canonical), note: category.slug },
    product: { path: pathOf(product.meta.canonical), note: product.product.id },
    search: query && {
      path: `/${locale}/search?q=${encodeURIComponent(query.text)}`,
      note: `${query.text} (${query.results} results)`,
    },
    basket: { path: `/${locale}/basket`, note: `1 × ${product.product.id}`, cookie },
    checkout: { path: `/${locale}/checkout`, note: `1 × ${product.product.id}`, cookie },
  };
  return wanted.map((page) => ({ page, locale, ...all[page] }));
}
