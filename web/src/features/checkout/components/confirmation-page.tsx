import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { LinkButton } from '../../../components/ui/link-button';
import type { Schemas } from '../../../lib/api-client';
import { formatShopDay, formatShopDays } from '../../../lib/shop-day';
import { printAddress } from '../../../lib/forms/address-rules';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { getStored } from '../../../lib/storage';
import { useCountryAddressFormat } from '../api/checkout-queries';
import { orderEmailKey } from '../checkout-model';
import { orderLines, SummaryLines } from './order-summary';
import { Totals } from '../../../components/order-totals';
import './checkout.css';

const TAX_ADDED = new Set(['US', 'CA']);

/**
 * `/checkout/confirmation?orderNumber=…`: thanks, the order number, where the confirmation e-mail went, the
 * delivery or the boutique with the dates, the payment, the pieces and the totals; a guest is invited to
 * create an account.
 */
export function ConfirmationPage({ data }: { data: Schemas['OrderConfirmationPageData'] }) {
  const { t } = useTranslation('checkout');
  const { locale, country } = useMarket();
  const localize = useLocalizePath();
  const { order, store, signedIn } = data;
  const format = useCountryAddressFormat(locale, order.shippingAddress?.country ?? country).data?.countries[0];
  // The address typed at checkout is known to this tab only (read after hydration: the server has none).
  const [email, setEmail] = useState<string | undefined>();
  useEffect(() => setEmail(getStored<string>('session', orderEmailKey(order.orderNumber))), [order.orderNumber]);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus({ preventScroll: true }), []);

  const collection = order.deliveryMethod !== 'ShipToAddress';
  const dates = order.estimatedDelivery
    ? formatShopDays(order.estimatedDelivery.from, order.estimatedDelivery.to, locale)
    : null;
  const trackUrl = signedIn
    ? `${localize('/myaccount/order-online')}?orderNumber=${encodeURIComponent(order.orderNumber)}`
    : order.transactionUuid
      ? `${localize('/guest/order-online')}?transactionUuid=${encodeURIComponent(order.transactionUuid)}`
      : localize('/track-order');
  const payment = order.payment;

  return (
    <div className="confirmation" data-testid="order-confirmation">
      <header className="confirmation__header">
        <p className="confirmation__kicker label">{t('confirmation.kicker')}</p>
        <h1 className="confirmation__title" tabIndex={-1} ref={title}>
          {t('confirmation.title')}
        </h1>
        <dl className="confirmation__number">
          <dt>{t('confirmation.number')}</dt>
          <dd data-testid="order-number">{order.orderNumber}</dd>
        </dl>
        <p className="confirmation__notice">
          {email ? t('confirmation.emailSentTo', { email }) : t('confirmation.emailSent')}
          <br />
          {t('confirmation.placedOn', { date: formatShopDay(order.placedAt, locale) })}
        </p>
        <div className="confirmation__actions">
          <LinkButton href={trackUrl} variant="primary" size="lg">
            {t('confirmation.track')}
          </LinkButton>
          <LinkButton href={localize('/')} variant="secondary" size="lg">
            {t('confirmation.continue')}
          </LinkButton>
        </div>
      </header>

      <div className="confirmation__body">
        <dl className="confirmation__facts">
          <div>
            <dt>{collection ? t('confirmation.collection') : t('confirmation.delivery')}</dt>
            <dd>
              {collection ? (
                <>
                  <span>{store?.name ?? order.storeName}</span>
                  {store?.address.formatted?.map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </>
              ) : (
                order.shippingAddress &&
                printAddress(order.shippingAddress, format, format?.name).map((line) => <span key={line}>{line}</span>)
              )}
            </dd>
          </div>
          {dates && (
            <div>
              <dt>{collection ? t('confirmation.estimatedCollection') : t('confirmation.estimated')}</dt>
              <dd>
                <span>{dates}</span>
              </dd>
            </div>
          )}
          {payment && (
            <div>
              <dt>{t('confirmation.payment')}</dt>
              <dd>
                <span>
                  {payment.method === 'expressPay'
                    ? t('payment.express')
                    : payment.cardLast4
                      ? t('payment.cardSummary', {
                          brand: t(`payment.brand.${payment.cardBrand ?? 'unknown'}`, {
                            defaultValue: payment.cardBrand ?? '',
                          }),
                          last4: payment.cardLast4,
                        })
                      : t('payment.card')}
                </span>
                {order.gift?.wrap && <span>{t('confirmation.gift')}</span>}
                {order.gift?.message && <span>{t('confirmation.giftMessage', { message: order.gift.message })}</span>}
              </dd>
            </div>
          )}
        </dl>
        <section className="confirmation__lines" aria-labelledby="confirmation-items">
          <h2 id="confirmation-items" className="checkout-subtitle">
            {t('confirmation.items')}
          </h2>
          <SummaryLines lines={orderLines(order)} currency={order.currencyCode} />
        </section>
        <Totals
          totals={order.totals}
          currency={order.currencyCode}
          taxIncluded={!TAX_ADDED.has(order.shippingAddress?.country ?? country)}
        />
      </div>

      {!signedIn && (
        <section className="confirmation__account" aria-labelledby="confirmation-account">
          <h2 id="confirmation-account">{t('confirmation.accountTitle')}</h2>
          <p>{t('confirmation.accountText')}</p>
          <LinkButton href={localize('/signup')} variant="secondary">
            {t('confirmation.accountAction')}
          </LinkButton>
        </section>
      )}
    </div>
  );
}
