import { useTranslation } from '../../../lib/i18n-react';
import { Link, useLocation } from '../../../lib/router';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { LinkButton } from '../../../components/ui/link-button';
import type { Schemas } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { formatShopDay } from '../../../lib/shop-day';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { orderPath, pieceCount, type Order } from '../order-model';
import { OrderTitle, StatusBadge } from './order-detail';
import './orders.css';

function OrderCard({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const { locale } = useMarket();
  const localize = useLocalizePath();
  const offline = order.channel === 'offline';
  const shown = order.items.slice(0, 4);
  return (
    <li className="order-card" data-testid="order-card">
      <div className="order-card__head">
        <h3 className="order-card__number">
          <Link to={localize(orderPath(order))}>
            <OrderTitle orderNumber={order.orderNumber} />
          </Link>
        </h3>
        <StatusBadge status={order.status} />
      </div>
      <p className="order-hint">
        {[
          t(offline ? 'detail.purchasedOn' : 'detail.placedOn', { date: formatShopDay(order.placedAt, locale, true) }),
          offline ? order.storeName : null,
          t('history.pieces', { count: pieceCount(order) }),
          formatPrice(order.totals.total, order.currencyCode, locale),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <div className="order-card__thumbs" aria-hidden="true">
        {shown.map((item) => (
          <img key={item.itemId} src={item.image.src} alt="" width={64} height={80} loading="lazy" />
        ))}
        {order.items.length > shown.length && (
          <span className="order-card__more">+{order.items.length - shown.length}</span>
        )}
      </div>
    </li>
  );
}

function OrderListPanel({ list, empty }: { list: Schemas['OrderList']; empty: string }) {
  const { t } = useTranslation('orders');
  const localize = useLocalizePath();
  const { search } = useLocation();
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const pageUrl = (page: number) => {
    const q = new URLSearchParams(search);
    if (page > 1) q.set('page', String(page));
    else q.delete('page');
    const query = q.toString();
    return `${localize('/myaccount/orders')}${query ? `?${query}` : ''}`;
  };
  if (list.orders.length === 0) {
    return (
      <div className="order-empty">
        <p>{empty}</p>
        <LinkButton href={localize('/')} variant="secondary">
          {t('history.discover')}
        </LinkButton>
      </div>
    );
  }
  return (
    <>
      <ul className="order-cards" role="list">
        {list.orders.map((order) => (
          <OrderCard key={order.orderNumber} order={order} />
        ))}
      </ul>
      {pages > 1 && (
        <nav className="order-pager" aria-label={t('history.pages')}>
          {list.page > 1 && <Link to={pageUrl(list.page - 1)}>{t('history.previous')}</Link>}
          <span>{t('history.page', { page: list.page, pages })}</span>
          {list.page < pages && <Link to={pageUrl(list.page + 1)}>{t('history.next')}</Link>}
        </nav>
      )}
    </>
  );
}

/** `/myaccount/orders`: the customer's online orders and in-boutique purchases, newest first, in two tabs. */
export function OrderHistory({ data }: { data: Schemas['OrderHistoryPageData'] }) {
  const { t } = useTranslation('orders');
  return (
    <Tabs
      className="order-tabs"
      defaultSelectedKey={data.online.total === 0 && data.offline.total > 0 ? 'offline' : 'online'}
    >
      <TabList className="order-tabs__list" aria-label={t('history.channels')}>
        <Tab id="online" className="order-tabs__tab">
          {t('history.online')} <span className="order-tabs__count">{data.online.total}</span>
        </Tab>
        <Tab id="offline" className="order-tabs__tab">
          {t('history.offline')} <span className="order-tabs__count">{data.offline.total}</span>
        </Tab>
      </TabList>
      <TabPanel id="online" className="order-tabs__panel">
        <OrderListPanel list={data.online} empty={t('history.emptyOnline')} />
      </TabPanel>
      <TabPanel id="offline" className="order-tabs__panel">
        <OrderListPanel list={data.offline} empty={t('history.emptyOffline')} />
      </TabPanel>
    </Tabs>
  );
}
