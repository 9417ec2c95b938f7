// What `npm run bench:catalogue` (scripts/bench-catalogue.mjs) sends: the requests of shoppers of the French site.

const enc = encodeURIComponent;
/** What shoppers of the French site do: filtered listings, facets, searches and search-as-you-type. */
export function targetsFor(base) {
  const get = (path) => ({ method: 'GET', path });
  const listing = [
    `/api/data/category/women-bags?locale=fr-fr&filters=${enc('color:black')}&sort=price_asc`,
    `/api/data/category/women?locale=fr-fr&filters=${enc('instock:true,size:38')}`,
    `/api/data/category/men-shoes?locale=fr-fr&filters=${enc('color:black|brown,instock:true')}&sort=newest&page=2`,
    `/api/data/category/women-ready-to-wear?locale=fr-fr&filters=${enc('material:wool|cashmere,price:500-3000')}`,
  ];
  const facets = [
    `/api/data/filters?locale=fr-fr&category=women-bags&filters=${enc('color:black')}`,
    `/api/data/filters?locale=fr-fr&category=men&filters=${enc('instock:true')}`,
  ];
  const search = [
    `/api/data/search?brand=ysl&locale=fr-fr&q=${enc('sac cuir')}`,
    `/api/data/search?brand=ysl&locale=fr-fr&q=loulou`,
    `/api/data/search?brand=ysl&locale=fr-fr&q=bottes&sort=price_asc`,
  ];
  const prefixes = ['s', 'sa', 'sac', 'l', 'lo', 'lou', 'b', 'bo', 'bot', 'e', 'es', 'esc', 'c', 'ca', 'cab'];
  const autocomplete = prefixes.map(
    (q) => `/api/data/search?brand=ysl&locale=fr-fr&q=${enc(q)}&pageSize=6&facets=false`,
  );
  const json = { accept: 'application/json' };
  return [
    { name: 'listing with filters', url: base + listing[0], requests: listing.map(get), headers: json },
    { name: 'facets (/api/data/filters)', url: base + facets[0], requests: facets.map(get), headers: json },
    { name: 'search', url: base + search[0], requests: search.map(get), headers: json },
    { name: 'autocomplete (1-3 letters)', url: base + autocomplete[0], requests: autocomplete.map(get), headers: json },
  ];
}
