import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import type { Schemas } from '../../../lib/api-client';
import { formatShopDay } from '../../../lib/shop-day';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { useCountryAddressFormat } from '../api/account-queries';
import { defaultFirst, printAddress, type Address } from '../address-rules';
import { customerName } from '../registration';
import { AccountShell } from './account-layout';

/** An address as its country prints it (the country's template once loaded, a plain layout before). */
export function PrintedAddress({ address, countryName }: { address: Address; countryName?: string }) {
  const { locale } = useMarket();
  const format = useCountryAddressFormat(locale, address.country).data?.countries[0];
  return (
    <address className="account-address">
      {printAddress(address, format, countryName).map((line, i) => (
        <span key={i} className="account-address__line">
          {line}
        </span>
      ))}
    </address>
  );
}

/**
 * `/myaccount`: a greeting, the customer's details, the default address and the latest orders; the sections of
 * the account are the navigation of the account area.
 */
export function AccountDashboard({ data }: { data: Schemas['MyAccountPageData'] }) {
  const { t } = useTranslation('account');
  const { language, locale } = useMarket();
  const localize = useLocalizePath();
  const { customer } = data;
  const name = customerName(customer, language);
  const address = defaultFirst(customer.addresses).find((a) => a.isDefault) ?? null;
  return (
    <AccountShell
      title={name ? t('dashboard.greeting', { name }) : t('dashboard.greetingNoName')}
      intro={t('dashboard.intro')}
    >
      <div className="account-cards">
        <section className="account-card" aria-labelledby="dashboard-details">
          <h2 id="dashboard-details" className="account-section-title">
            {t('dashboard.details')}
          </h2>
          <dl className="account-details">
            {name && (
              <div>
                <dt>{t('dashboard.name')}</dt>
                <dd>{name}</dd>
              </div>
            )}
            <div>
              <dt>{t('fields.email')}</dt>
              <dd>{customer.emailAddress}</dd>
            </div>
            {customer.phone && (
              <div>
                <dt>{t('fields.phone')}</dt>
                <dd dir="ltr">{customer.phone}</dd>
              </div>
            )}
          </dl>
          <Link className="account-card__link" to={localize('/myaccount/account-information')}>
            {t('dashboard.editDetails')}
          </Link>
        </section>
        <section className="account-card" aria-labelledby="dashboard-address">
          <h2 id="dashboard-address" className="account-section-title">
            {t('dashboard.defaultAddress')}
          </h2>
          {address ? <PrintedAddress address={address} /> : <p className="account-hint">{t('dashboard.noAddress')}</p>}
          <Link className="account-card__link" to={localize('/myaccount/address-book')}>
            {address ? t('dashboard.manageAddresses') : t('addresses.add')}
          </Link>
        </section>
        <section className="account-card account-card--wide" aria-labelledby="dashboard-orders">
          <h2 id="dashboard-orders" className="account-section-title">
            {t('dashboard.recentOrders')}
          </h2>
          {data.recentOrders.length === 0 ? (
            <p className="account-hint">{t('dashboard.noOrders')}</p>
          ) : (
            <ul role="list" className="account-orders">
              {data.recentOrders.map((order) => (
                <li key={order.orderNumber} className="account-orders__item">
                  <Link
                    to={localize(
                      `/myaccount/order-${order.channel === 'offline' ? 'offline' : 'online'}?orderNumber=${encodeURIComponent(order.orderNumber)}`,
                    )}
                  >
                    {t('dashboard.orderNumber', { number: order.orderNumber })}
                  </Link>
                  <span className="account-hint">{formatShopDay(order.placedAt, locale, true)}</span>
                  <span className="account-orders__status">{t(`orderStatus.${order.status}`)}</span>
                </li>
              ))}
            </ul>
          )}
          <Link className="account-card__link" to={localize('/myaccount/orders')}>
            {t('dashboard.allOrders')}
          </Link>
        </section>
      </div>
    </AccountShell>
  );
}
