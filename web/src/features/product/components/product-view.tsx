import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import { PriceTag } from '../../../components/price-tag';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { SizePicker } from '../../../components/ui/size-picker';
import type { Schemas } from '../../../lib/api-client';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useAvailability, useRecommendations, useShippingInfo } from '../api/product-queries';
import {
  callToActionOf,
  genderSwitchTarget,
  isOneSize,
  shortNameOf,
  showColorSwatches,
  siblingProductUrl,
  sizeChoicesOf,
  sizeGuideCategoriesOf,
  type CallToAction,
  type PageProduct,
  type SizeChoice,
} from '../product-rules';
import { SWATCH_CATEGORY_ALLOWLIST } from '../swatch-allowlist';
import { useRecentlyViewedProducts } from '../use-recently-viewed';
import { ColorSwatches } from './color-swatches';
import { ProductCarousel } from './product-carousel';
import { ProductGallery } from './product-gallery';
import { ShippingInfo } from './shipping-info';
import './product-view.css';

// The size guide and find-in-store load their code when first opened, not with the page.
const SizeGuideDialog = lazy(() => import('./size-guide-dialog').then((m) => ({ default: m.SizeGuideDialog })));
// The back-in-stock form shows once a sold-out size is chosen: its fields load then.
const NotifyMeForm = lazy(() => import('./notify-me-form').then((m) => ({ default: m.NotifyMeForm })));
const FindInStoreDrawer = lazy(() => import('./find-in-store-drawer').then((m) => ({ default: m.FindInStoreDrawer })));

export interface PurchaseSlot {
  /** The size chosen in the page's size selector (`TU` for one-size products), null before a choice. */
  size: string | null;
  callToAction: CallToAction;
}

export interface ProductViewProps {
  product: PageProduct;
  /** The add-to-bag area, composed by the page (features do not import each other). */
  renderPurchase: (slot: PurchaseSlot) => ReactNode;
  /** A product tile for the carousels, composed by the page. */
  renderTile: (tile: Schemas['ProductTile'], index: number) => ReactNode;
  /** The house code (`ysl`), for the size guide's categories. */
  house?: string;
  /** Off in stories: no live calls. */
  live?: boolean;
  /**
   * The find-in-store modal with boutique stock, composed by the page (the stores feature); without it, the
   * drawer that leads to the boutique list. `size` is the size chosen on the page (`TU` for one size).
   */
  /** Rendered once the shopper first asks for it (inside a Suspense boundary: the dialog may be a lazy module). */
  renderFindInStore?: (slot: {
    isOpen: boolean;
    onOpenChange: (open: boolean) => void;
    size: string | null;
  }) => ReactNode;
}

const STATE_HINT: Partial<Record<SizeChoice['state'], string>> = {
  'last-one': 'size.lastOne',
  'pre-order': 'size.preOrder',
  'notify-me': 'size.notifyMe',
  'coming-soon': 'size.comingSoon',
  'in-store': 'size.inStore',
};

/**
 * The product page body: the gallery, then the name, price, colours, sizes and what can be done with
 * the chosen size — add to bag, be notified, find it in a boutique — with delivery estimates and the
 * product's details; under it, recommendations and the recently viewed products.
 */
export function ProductView({
  product,
  renderPurchase,
  renderTile,
  house = '',
  live = true,
  renderFindInStore,
}: ProductViewProps) {
  const { t } = useTranslation('product');
  const { t: tc } = useTranslation();
  const { locale } = useMarket();
  const localize = useLocalizePath();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const enabled = live && hydrated;

  const oneSize = isOneSize(product.sizes);
  const [size, setSize] = useState<string | null>(oneSize ? 'TU' : null);
  const [guideOpen, setGuideOpen] = useState(false);
  const [storeOpen, setStoreOpen] = useState(false);
  const guideOpened = useOpenedOnce(guideOpen);
  const storeOpened = useOpenedOnce(storeOpen);

  const availability = useAvailability(product.id, locale, enabled);
  const recommendations = useRecommendations(product.id, locale, enabled);
  const recentlyViewed = useRecentlyViewedProducts(product.id, locale, live);

  const choices = sizeChoicesOf(product.sizes, availability.data?.variants);
  const chosen = choices.find((c) => c.id === size);
  // Delivery dates of the chosen size when it can be bought; otherwise the product's first size in stock.
  const shipping = useShippingInfo(
    product.id,
    locale,
    chosen?.purchasable && !oneSize ? chosen.id : null,
    enabled && product.price !== null,
  );
  // The live status once loaded; until then the one the page was built with.
  const productStatus = (availability.data?.display ?? product.display)?.find(
    (d) => d.context === 'product page',
  )?.status;
  const cta = callToActionOf({
    sellable: product.price !== null,
    productStatus,
    inStock: availability.data?.availability.inStock ?? product.availability.inStock,
    chosen,
  });

  const shortName = shortNameOf(product);
  const gender = genderSwitchTarget(product);
  const swatches = showColorSwatches(product, SWATCH_CATEGORY_ALLOWLIST) ? (product.colorVariants ?? []) : [];
  const guideCategories = sizeGuideCategoriesOf(
    product,
    house || (typeof document === 'undefined' ? '' : (document.documentElement.dataset.house ?? '')),
  );

  return (
    <>
      <div className="product-view">
        <div className="product-view__media">
          <ProductGallery images={product.images} name={product.name} />
        </div>
        <div className="product-view__details">
          <div className="product-view__sticky">
            <header className="product-view__head">
              {shortName && (
                <p className="product-view__eyebrow" data-testid="product-short-name">
                  {shortName}
                </p>
              )}
              <h1 className="product-view__name" data-testid="product-name">
                {product.name}
              </h1>
              <div className="product-view__price" data-testid="product-price">
                <PriceTag price={product.price} size="md" />
              </div>
            </header>

            <div className="product-view__color">
              <p className="product-view__color-name">
                <span className="product-view__label">{tc('product.color')}</span>{' '}
                <span data-testid="product-color">{product.color.name}</span>
              </p>
              {swatches.length > 0 && (
                <ColorSwatches current={{ name: product.color.name, hex: product.color.hex }} variants={swatches} />
              )}
            </div>

            {gender && (
              <Link
                className="product-view__gender"
                to={localize(siblingProductUrl(product.url, gender.pid))}
                reloadDocument
                data-testid="gender-switch"
              >
                {t(gender.gender === 'U' ? 'gender.men' : 'gender.women')}
              </Link>
            )}

            {!oneSize && (
              <div className="product-view__sizes">
                <SizePicker
                  label={tc('product.selectSize')}
                  name="size"
                  sizes={choices.map((c) => ({
                    id: c.id,
                    label: c.label,
                    available: c.purchasable,
                    ...(STATE_HINT[c.state] ? { hint: t(STATE_HINT[c.state]!) } : {}),
                  }))}
                  value={size}
                  onChange={setSize}
                  unavailableLabel={tc('product.unavailable')}
                />
                {product.sizeGroup !== null && (
                  <Button
                    variant="tertiary"
                    size="sm"
                    className="product-view__guide"
                    onPress={() => setGuideOpen(true)}
                  >
                    {t('sizeGuide.open')}
                  </Button>
                )}
              </div>
            )}

            <div className="product-view__purchase" data-cta={cta}>
              <PurchaseArea
                product={product}
                cta={cta}
                chosen={chosen}
                size={size}
                renderPurchase={renderPurchase}
                onFindInStore={() => setStoreOpen(true)}
              />
            </div>

            {product.price !== null && cta !== 'find-in-store' && (
              <Button variant="tertiary" size="sm" className="product-view__store" onPress={() => setStoreOpen(true)}>
                {t('findInStore.open')}
              </Button>
            )}

            {product.price !== null && (
              <ShippingInfo info={shipping.data} error={shipping.error} isLoading={enabled && shipping.isPending} />
            )}

            <section className="product-view__section" aria-labelledby="product-details-heading">
              <h2 id="product-details-heading" className="product-view__label">
                {tc('product.details')}
              </h2>
              <p>{product.description}</p>
              <p>
                <span className="product-view__label">{tc('product.composition')}</span> {product.compositions}
              </p>
              <p className="product-view__ref">{tc('product.reference', { id: product.id })}</p>
            </section>
          </div>
        </div>
      </div>

      <ProductCarousel
        title={recommendations.data?.title || t('recommendations.title')}
        products={recommendations.data?.products ?? []}
        renderTile={renderTile}
        testId="recommendations"
      />
      <ProductCarousel
        title={t('recentlyViewed.title')}
        products={recentlyViewed}
        renderTile={renderTile}
        testId="recently-viewed"
      />

      {guideOpened && (
        <Suspense fallback={null}>
          <SizeGuideDialog
            isOpen={guideOpen}
            onOpenChange={setGuideOpen}
            categories={guideCategories}
            productName={product.name}
          />
        </Suspense>
      )}
      {storeOpened && (
        <Suspense fallback={null}>
          {renderFindInStore ? (
            renderFindInStore({ isOpen: storeOpen, onOpenChange: setStoreOpen, size })
          ) : (
            <FindInStoreDrawer
              isOpen={storeOpen}
              onOpenChange={setStoreOpen}
              productName={product.name}
              size={chosen && !oneSize ? chosen.label : null}
            />
          )}
        </Suspense>
      )}
    </>
  );
}

function PurchaseArea({
  product,
  cta,
  chosen,
  size,
  renderPurchase,
  onFindInStore,
}: {
  product: PageProduct;
  cta: CallToAction;
  chosen: SizeChoice | undefined;
  size: string | null;
  renderPurchase: ProductViewProps['renderPurchase'];
  onFindInStore: () => void;
}) {
  const { t } = useTranslation('product');
  const { t: tc } = useTranslation();
  const localize = useLocalizePath();
  switch (cta) {
    case 'add-to-bag':
    case 'pre-order':
      return <>{renderPurchase({ size, callToAction: cta })}</>;
    case 'notify-me':
      // A size whose return can be announced: its back-in-stock alert. Without a chosen size, ask for one.
      if (chosen)
        return (
          <Suspense fallback={null}>
            <NotifyMeForm
              key={chosen.id}
              pid={product.id}
              size={chosen.id}
              sizeLabel={chosen.label}
              oneSize={isOneSize(product.sizes)}
            />
          </Suspense>
        );
      return (
        <p className="product-view__status" data-testid="product-status">
          {t('notify.chooseSize')}
        </p>
      );
    case 'sold-out':
      // "Out of stock": no restock is announced, so nothing is offered but the boutiques (below).
      return (
        <p className="product-view__status" data-testid="product-status">
          {tc('product.soldOut')}
        </p>
      );
    case 'coming-soon':
      return (
        <p className="product-view__status" data-testid="product-status">
          {t('status.comingSoon')}
        </p>
      );
    case 'find-in-store':
      return (
        <Button variant="primary" size="lg" isFullWidth onPress={onFindInStore}>
          {t('findInStore.open')}
        </Button>
      );
    case 'call-to-buy':
    case 'contact-us':
      return (
        <LinkButton href={localize('/client-service')} variant="primary" size="lg" isFullWidth>
          {t(cta === 'call-to-buy' ? 'status.callToBuy' : 'status.contactUs')}
        </LinkButton>
      );
    case 'not-sold-here':
      return <p className="product-view__status">{tc('product.notSoldHere')}</p>;
  }
}
