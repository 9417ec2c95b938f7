// Story-only helpers: real catalogue data from fixtures/ (the generator that seeds the database),
// shaped like the API's answers, and the providers the features expect. Never imported by the app.
import type { ReactNode } from 'react';
import { MemoryRouter } from '../lib/router';
import { QueryClient } from '@tanstack/react-query';
import { generateCatalog } from '../../../fixtures/catalog/generate';
import { productImageSvg } from '../../../fixtures/catalog/images';
import type { CatalogProduct, Language } from '../../../fixtures/catalog/types';
import { AppProviders } from '../app/providers';
import { createI18n } from '../lib/i18n';
import { MarketProvider, type MarketInfo } from '../lib/market-context';
import type { Schemas } from '../lib/api-client';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import frCommon from '../locales/fr/common.json';
import frErrors from '../locales/fr/errors.json';
import enProduct from '../locales/en/product.json';
import frProduct from '../locales/fr/product.json';

export const catalog = generateCatalog({ brand: 'ysl', products: 48 });
const FR: MarketInfo = { locale: 'fr-fr', language: 'fr', country: 'FR', currency: 'EUR' };

const image = (p: CatalogProduct, view: number, alt: string): Schemas['Image'] => ({
  src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(productImageSvg(p, view))}`,
  alt,
  width: 600,
  height: 750,
});
const stock = (p: CatalogProduct) => p.variants.reduce((s, v) => s + v.stock, 0);
const availability = (p: CatalogProduct): Schemas['Availability'] => {
  const inStock = stock(p) > 0;
  return {
    isSellableOnline: true,
    isEcomAssortment: true,
    isPreorderable: false,
    inStock,
    stockStatus: inStock ? 'in_stock' : 'out_of_stock',
    statusTags: inStock
      ? stock(p) === 1
        ? ['available online', 'last item left']
        : ['available online']
      : ['sold out'],
  };
};
const price = (p: CatalogProduct, currency = 'EUR'): Schemas['Price'] => {
  const entry = p.prices[currency] ?? { list: 0, sale: null };
  return { listPriceValue: entry.list, salePriceValue: entry.sale, currencyCode: currency as Schemas['CurrencyCode'] };
};

export function tileOf(p: CatalogProduct, lang: Language = 'fr'): Schemas['ProductTile'] {
  const alt = `${p.names[lang]} — ${p.color.names[lang]}`;
  return {
    id: p.pid,
    name: p.names[lang],
    url: `/pr/${p.slug}-${p.pid}.html`,
    image: image(p, 1, alt),
    hoverImage: image(p, 2, alt),
    color: p.color.names[lang],
    price: price(p),
    availability: availability(p),
  };
}

export function productOf(p: CatalogProduct, lang: Language = 'fr'): Schemas['Product'] {
  return {
    id: p.pid,
    name: p.names[lang],
    description: p.descriptions[lang],
    url: `/pr/${p.slug}-${p.pid}.html`,
    images: Array.from({ length: p.imageCount }, (_, i) => image(p, i + 1, `${p.names[lang]}, ${i + 1}`)),
    color: {
      code: p.color.code,
      name: p.color.names[lang],
      hex: p.color.hex,
      macroColor: p.color.macroColor,
      microColor: p.color.microColor,
    },
    compositions: p.composition[lang],
    categories: { macroCategory: '', microCategory: '', superMicroCategory: '' },
    genderCode: p.genderCode,
    isRd: p.isRd,
    sizeGroup: p.sizeGroup,
    sizes: p.variants.map((v) => ({ id: v.size, displayValue: v.size, inStock: v.stock > 0, lowStock: v.stock === 1 })),
    price: price(p),
    availability: availability(p),
    bornSeasonDesc: p.bornSeason,
  };
}

export function basketOf(products: CatalogProduct[], lang: Language = 'fr'): Schemas['Basket'] {
  const items = products.map((p, i) => {
    const unit = p.prices.EUR?.sale ?? p.prices.EUR?.list ?? 0;
    const v = p.variants.find((x) => x.stock > 0) ?? p.variants[0]!;
    return {
      itemId: `line-${i}`,
      pid: p.pid,
      size: v.size,
      sizeLabel: v.size,
      name: p.names[lang],
      url: `/pr/${p.slug}-${p.pid}.html`,
      image: image(p, 1, p.names[lang]),
      color: p.color.names[lang],
      quantity: 1 + (i % 2),
      unitPrice: unit,
      lineTotal: unit * (1 + (i % 2)),
      available: i !== 2,
    };
  });
  const subtotal = items.reduce((s, i) => s + (i.lineTotal ?? 0), 0);
  return {
    id: 'story-basket',
    market: { locale: 'fr-fr', language: 'fr', country: 'FR', currency: 'EUR', businessRegion: 'EMEA' },
    currencyCode: 'EUR',
    items,
    itemCount: items.reduce((s, i) => s + i.quantity, 0),
    subtotal,
    // France: prices include VAT (20 %), standard delivery is free.
    estimatedTotals: items.length
      ? {
          subtotal,
          shipping: 0,
          tax: Math.round((subtotal - subtotal / 1.2) * 100) / 100,
          discount: 0,
          total: subtotal,
        }
      : null,
    taxIncluded: true,
    maxQuantityPerProduct: 5,
  };
}

/** What a feature needs around it: router, query cache, French strings, the French market. */
export function StoryShell({
  children,
  queryClient = new QueryClient(),
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const i18n = createI18n('fr', {
    fr: { common: frCommon, errors: frErrors, product: frProduct },
    en: { common: enCommon, errors: enErrors, product: enProduct },
  });
  return (
    <MemoryRouter initialEntries={['/fr-fr/']}>
      <AppProviders queryClient={queryClient} i18n={i18n}>
        <MarketProvider value={FR}>{children}</MarketProvider>
      </AppProviders>
    </MemoryRouter>
  );
}
