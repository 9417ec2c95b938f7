import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import type { Schemas } from '../../../lib/api-client';
import { FormMessage } from '../../../components/ui/form-message';
import { formatPrice } from '../../../lib/format';
import { formatShopDay, formatShopDays } from '../../../lib/shop-day';
import { printAddress } from '../../../lib/forms/address-rules';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { useAddressFormat } from '../api/order-queries';
import { isSettled, type Order } from '../order-model';
import { CancelOrderDialog } from './cancel-order-dialog';
import { OrderTimeline } from './order-timeline';
import './orders.css';

const TAX_ADDED = new Set(['US', 'CA']);

/** Card brands are proper names, written as their owners write them. */
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
  unionpay: 'UnionPay',
};
const brandName = (brand: string | null) => (brand ? (BRANDS[brand.toLowerCase()] ?? brand) : '');

/** "Order YSL-FR-00045871", the number never broken at its dashes. */
export function OrderTitle({ orderNumber }: { orderNumber: string }) {
  const { t } = useTranslation('orders');
  const [before = '', after = ''] = t('history.order', { number: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      <span className="order-number">{orderNumber}</span>
      {after}
    </>
  );
}

export function StatusBadge({ status }: { status: Order['status'] }) {
  const { t } = useTranslation('orders');
  return (
    <span className="order-status" data-status={status} data-settled={isSettled(status) || undefined}>
      {t(`status.${status}`)}
    </span>
  );
}

/** The pieces of an order: picture, name (a link while the product is sold), colour, size, quantity, price. */
export function OrderLines({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const { locale } = useMarket();
  const localize = useLocalizePath();
  return (
    <ul className="order-lines" role="list">
      {order.items.map((item) => (
        <li key={item.itemId} className="order-line" data-testid="order-line">
          <img className="order-line__image" src={item.image.src} alt="" width={88} height={110} loading="lazy" />
          <div className="order-line__info">
            {item.url ? (
              <Link className="order-line__name" to={localize(item.url)}>
                {item.name}
              </Link>
            ) : (
              <span className="order-line__name">{item.name}</span>
            )}
            <span className="order-line__meta">{item.color}</span>
            <span className="order-line__meta">
              {t('detail.size', { size: item.size === 'TU' ? t('detail.oneSize') : item.size })}
            </span>
            <span className="order-line__meta">{t('detail.quantity', { count: item.quantity })}</span>
            {item.status !== order.status && <StatusBadge status={item.status} />}
          </div>
          <span className="order-line__price">{formatPrice(item.lineTotal, order.currencyCode, locale)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The parcels of an order: carrier, tracking number, dates, the pieces inside, and the carrier's tracking link. */
export function OrderParcels({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const { locale } = useMarket();
  const day = (iso: string) => formatShopDay(iso, locale, true);
  const itemName = (id: string) => order.items.find((i) => i.itemId === id)?.name ?? id;
  if (order.shipments.length === 0) return null;
  return (
    <section className="order-detail__section" aria-labelledby="order-parcels">
      <h2 id="order-parcels" className="order-subtitle">
        {t('detail.parcels', { count: order.shipments.length })}
      </h2>
      <ul className="order-parcels" role="list">
        {order.shipments.map((s, i) => (
          <li key={s.shipmentId} className="order-parcel" data-testid="order-parcel">
            <div className="order-parcel__head">
              <span className="order-parcel__title">{t('detail.parcel', { number: i + 1 })}</span>
              <StatusBadge status={s.status} />
            </div>
            <dl className="order-facts order-facts--inline">
              {s.carrier && (
                <div>
                  <dt>{t('detail.carrier')}</dt>
                  <dd>{s.carrier}</dd>
                </div>
              )}
              {s.trackingNumber && (
                <div>
                  <dt>{t('detail.trackingNumber')}</dt>
                  <dd dir="ltr">{s.trackingNumber}</dd>
                </div>
              )}
              {s.deliveredAt ? (
                <div>
                  <dt>{t('detail.deliveredOn')}</dt>
                  <dd>{day(s.deliveredAt)}</dd>
                </div>
              ) : (
                s.estimatedDeliveryDate && (
                  <div>
                    <dt>{t('detail.expectedOn')}</dt>
                    <dd>{day(s.estimatedDeliveryDate)}</dd>
                  </div>
                )
              )}
            </dl>
            <p className="order-hint">{s.itemIds.map(itemName).join(', ')}</p>
            {s.trackingUrl && (
              <a className="order-parcel__track" href={s.trackingUrl} target="_blank" rel="noopener noreferrer">
                {t('detail.trackParcel')}
                <span className="sr-only"> {t('detail.newWindow')}</span>
                <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" width="10" height="10">
                  <path d="M5 3h8v8M13 3L4 12" fill="none" stroke="currentColor" strokeWidth="1.2" />
                </svg>
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface OrderDetailProps {
  order: Order;
  store: Schemas['Store'] | null;
  returnUrl: string | null;
  /** A signed-in customer may cancel an order still `cancellable` (the cancel order modal). */
  canCancel?: boolean;
  onSignedOut?: () => void;
}

/**
 * One order (online, in a boutique, or a guest's): its status and timeline, the parcels with their tracking
 * links, the pieces, the delivery or the boutique, the payment and the totals; cancellation and the
 * return or exchange when open.
 */
export function OrderDetail({ order: initial, store, returnUrl, canCancel = false, onSignedOut }: OrderDetailProps) {
  const { t } = useTranslation('orders');
  const { locale, country } = useMarket();
  const localize = useLocalizePath();
  // The cancelled order answered by the server, until the page's data is read again.
  const [answered, setOrder] = useState<Order | null>(null);
  const order = answered && answered.orderNumber === initial.orderNumber ? answered : initial;
  const [cancelOpen, setCancelOpen] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  // The result of a cancellation, in view and focused once the dialog has closed and handed focus back (its
  // trigger is gone with the order's cancellability): a screen reader reads it, a shopper sees it.
  const cancelledMessage = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!cancelled || cancelOpen) return;
    // The dialog leaves with an animation, the page behind it inert meanwhile, and hands focus back when it is
    // gone: wait for that (a second at most), then bring the message in view and focus it.
    let frame = 0;
    let settled = 0;
    const started = performance.now();
    const step = () => {
      const message = cancelledMessage.current;
      if (!message) return;
      const blocked =
        document.querySelector('.ui-dialog-overlay') !== null ||
        message.closest('[inert], [aria-hidden="true"]') !== null;
      if (blocked && performance.now() - started < 1000) {
        frame = requestAnimationFrame(step);
        return;
      }
      if (document.activeElement !== message) {
        if (settled === 0)
          message.scrollIntoView({
            block: 'center',
            behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
          });
        message.focus({ preventScroll: true });
      }
      // A few frames more: focus handed back late by the dialog is taken again.
      if (++settled < 5) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [cancelled, cancelOpen]);
  const format = useAddressFormat(locale, order.shippingAddress?.country).data?.countries[0];
  const money = (v: number) => formatPrice(v, order.currencyCode, locale);
  const day = (iso: string) => formatShopDay(iso, locale, true);
  const offline = order.channel === 'offline';
  const collection = order.deliveryMethod === 'ShipToStore' || order.deliveryMethod === 'PickUpAtStore';

  return (
    <article className="order-detail" data-testid="order-detail">
      <div className="order-detail__meta">
        <p className="order-detail__placed">
          {t(offline ? 'detail.purchasedOn' : 'detail.placedOn', { date: day(order.placedAt) })}
          {offline && (store?.name ?? order.storeName) ? ` · ${store?.name ?? order.storeName}` : ''}
        </p>
        <StatusBadge status={order.status} />
      </div>

      {cancelled && (
        <FormMessage tone="info" messageRef={cancelledMessage}>
          {t('cancel.done')}
        </FormMessage>
      )}

      {!offline && (
        <section className="order-detail__section" aria-labelledby="order-progress">
          <h2 id="order-progress" className="order-subtitle">
            {t('detail.progress')}
          </h2>
          <OrderTimeline order={order} />
          {order.estimatedDelivery && !isSettled(order.status) && (
            <p className="order-hint">
              {t(collection ? 'detail.estimatedCollection' : 'detail.estimatedDelivery', {
                dates: formatShopDays(order.estimatedDelivery.from, order.estimatedDelivery.to, locale),
              })}
            </p>
          )}
        </section>
      )}

      <OrderParcels order={order} />

      <div className="order-detail__grid">
        <section className="order-detail__section" aria-labelledby="order-items">
          <h2 id="order-items" className="order-subtitle">
            {t('detail.items', { count: order.items.reduce((n, i) => n + i.quantity, 0) })}
          </h2>
          <OrderLines order={order} />
        </section>
        <aside className="order-detail__aside">
          <dl className="order-facts">
            {(collection || offline) && (store || order.storeName) ? (
              <div>
                <dt>{offline ? t('detail.boutique') : t('detail.collection')}</dt>
                <dd>
                  <span>{store?.name ?? order.storeName}</span>
                  {store?.address.formatted?.map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                  {store?.url && (
                    <Link
                      to={localize(store.url.replace(/^\/[a-z]{2}-[a-z]{2}(?=\/)/, ''))}
                      className="order-facts__link"
                    >
                      {t('detail.boutiqueDetails')}
                    </Link>
                  )}
                </dd>
              </div>
            ) : (
              order.shippingAddress && (
                <div>
                  <dt>{t('detail.deliveryAddress')}</dt>
                  <dd>
                    {printAddress(order.shippingAddress, format, format?.name).map((line) => (
                      <span key={line}>{line}</span>
                    ))}
                  </dd>
                </div>
              )
            )}
            {order.payment && (
              <div>
                <dt>{t('detail.payment')}</dt>
                <dd>
                  <span>
                    {order.payment.method === 'expressPay'
                      ? t('detail.expressPay')
                      : order.payment.cardLast4
                        ? t('detail.card', {
                            brand: brandName(order.payment.cardBrand),
                            last4: order.payment.cardLast4,
                          })
                        : t('detail.cardOnly')}
                  </span>
                </dd>
              </div>
            )}
            {order.gift && (order.gift.wrap || order.gift.message) && (
              <div>
                <dt>{t('detail.gift')}</dt>
                <dd>
                  {order.gift.wrap && <span>{t('detail.giftWrap')}</span>}
                  {order.gift.message && <span>{t('detail.giftMessage', { message: order.gift.message })}</span>}
                </dd>
              </div>
            )}
          </dl>
          <dl className="order-totals">
            <div>
              <dt>{t('detail.subtotal')}</dt>
              <dd>{money(order.totals.subtotal)}</dd>
            </div>
            {order.totals.discount > 0 && (
              <div>
                <dt>{t('detail.discount')}</dt>
                <dd>−{money(order.totals.discount)}</dd>
              </div>
            )}
            {!offline && (
              <div>
                <dt>{t('detail.shipping')}</dt>
                <dd>{order.totals.shipping === 0 ? t('detail.free') : money(order.totals.shipping)}</dd>
              </div>
            )}
            {TAX_ADDED.has(country) && (
              <div>
                <dt>{t('detail.tax')}</dt>
                <dd>{money(order.totals.tax)}</dd>
              </div>
            )}
            <div className="order-totals__total">
              <dt>{t('detail.total')}</dt>
              <dd>{money(order.totals.total)}</dd>
            </div>
            {!TAX_ADDED.has(country) && order.totals.tax > 0 && (
              <div className="order-totals__note">
                <dt>{t('detail.taxIncluded')}</dt>
                <dd>{money(order.totals.tax)}</dd>
              </div>
            )}
          </dl>
          {(returnUrl || (canCancel && order.cancellable)) && (
            <div className="order-detail__actions">
              {returnUrl && (
                <LinkButton href={localize(returnUrl)} variant="secondary" isFullWidth>
                  {t('detail.returnExchange')}
                </LinkButton>
              )}
              {canCancel && order.cancellable && (
                <Button variant="tertiary" onPress={() => setCancelOpen(true)}>
                  {t('cancel.open')}
                </Button>
              )}
            </div>
          )}
        </aside>
      </div>
      {canCancel && (
        <CancelOrderDialog
          orderNumber={order.orderNumber}
          isOpen={cancelOpen}
          onOpenChange={setCancelOpen}
          onSignedOut={onSignedOut}
          onCancelled={(next) => {
            setOrder(next);
            setCancelled(true);
          }}
        />
      )}
    </article>
  );
}
