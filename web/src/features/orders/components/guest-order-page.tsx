import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import type { Schemas } from '../../../lib/api-client';
import { useLocalizePath } from '../../../lib/market-context';
import { OrderDetail, OrderTitle } from './order-detail';
import './orders.css';

/** `/guest/order-online?transactionUuid=…`: a guest's online order (from the order e-mail or the tracking page). */
export function GuestOrderPage({ data }: { data: Schemas['OrderDetailPageData'] }) {
  const { t } = useTranslation('orders');
  const localize = useLocalizePath();
  return (
    <div className="guest-order">
      <header className="guest-order__header">
        <h1 className="guest-order__title">
          <OrderTitle orderNumber={data.order.orderNumber} />
        </h1>
        <p className="order-hint">
          {t('guest.intro')} <Link to={localize('/signup')}>{t('guest.createAccount')}</Link>
        </p>
      </header>
      <OrderDetail order={data.order} store={data.store} returnUrl={data.returnUrl} />
    </div>
  );
}
