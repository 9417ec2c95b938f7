import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Link, useLocation } from '../../../lib/router';
import { LinkButton } from '../../../components/ui/link-button';
import { ApiError, type Schemas } from '../../../lib/api-client';
import {
  OrderLookupForm,
  type OrderLookupErrors,
  type OrderLookupQuery,
} from '../../../lib/components/order-lookup-form';
import { formatShopDay } from '../../../lib/shop-day';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { useTrackOrder } from '../api/order-queries';
import { guestOrderPath, trackErrorsOf, validateTrack, type Order } from '../order-model';
import { OrderParcels, OrderTitle, StatusBadge } from './order-detail';
import { OrderTimeline } from './order-timeline';
import './orders.css';

/** The order found: its status and timeline, its parcels, and the way to the whole order. */
export function TrackedOrder({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const { locale } = useMarket();
  const localize = useLocalizePath();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [order.orderNumber]);
  return (
    <section className="tracked-order" aria-labelledby="tracked-order-title" data-testid="tracked-order">
      <div className="tracked-order__head">
        <h2 id="tracked-order-title" className="tracked-order__title" tabIndex={-1} ref={heading}>
          <OrderTitle orderNumber={order.orderNumber} />
        </h2>
        <StatusBadge status={order.status} />
      </div>
      <p className="order-hint">{t('detail.placedOn', { date: formatShopDay(order.placedAt, locale, true) })}</p>
      <OrderTimeline order={order} />
      <OrderParcels order={order} />
      {order.transactionUuid && (
        <LinkButton
          href={localize(guestOrderPath(order.transactionUuid))}
          variant="secondary"
          className="tracked-order__details"
        >
          {t('track.details')}
        </LinkButton>
      )}
    </section>
  );
}

export interface TrackOrderPageProps {
  data: Schemas['TrackOrderPageData'];
  /** The page's help text (its content page), composed by the route. */
  help?: ReactNode;
}

/**
 * `/track-order` (form `trackOrder`): the order number and the e-mail address given when ordering, with
 * reCAPTCHA, then the order inline — status timeline, parcels and tracking links — and the way to its page.
 * Refusals are said beside the field they are about; "no order with this number and e-mail address" (ERR_API_1023,
 * the one answer for an unknown number and another address alike) concerns both, so it is said above them.
 */
export function TrackOrderPage({ data, help }: TrackOrderPageProps) {
  const { t } = useTranslation('orders');
  const { locale } = useMarket();
  const localize = useLocalizePath();
  const { search } = useLocation();
  const [order, setOrder] = useState<Order | null>(null);
  const track = useTrackOrder(locale);

  const lookup = async (query: OrderLookupQuery): Promise<OrderLookupErrors | null> => {
    try {
      setOrder(await track.mutateAsync(query));
      return null;
    } catch (err) {
      setOrder(null);
      return err instanceof ApiError
        ? trackErrorsOf(
            err.code,
            err.problem?.errors?.map((i) => i.path),
          )
        : { form: 'errors:API_UNKNOWN_ERROR' };
    }
  };

  return (
    <div className="track-order">
      <header className="track-order__header">
        <h1 className="track-order__title">{t('track.title')}</h1>
        <p className="order-hint">{t('track.intro')}</p>
      </header>
      <div className="track-order__layout">
        <OrderLookupForm
          formId={data.formId}
          recaptchaSiteKey={data.recaptchaSiteKey}
          recaptchaAction="track_order"
          titleId="track-order-form-title"
          titleClassName="sr-only"
          text={(name) => t(`track.${name}`)}
          translate={(key) => t(key)}
          initialOrderNumber={new URLSearchParams(search).get('orderNumber')?.slice(0, 20) ?? ''}
          validate={validateTrack}
          lookup={lookup}
        >
          <p className="order-hint track-order__signin">
            {t('track.signInPrompt')} <Link to={localize(data.signInUrl)}>{t('track.signIn')}</Link>
          </p>
        </OrderLookupForm>
        {order && <TrackedOrder order={order} />}
      </div>
      {help && <div className="track-order__help">{help}</div>}
    </div>
  );
}
