// The return and exchange pages compose the returns feature with the account area's layout (customers) and the
// content feature (the return policy of /return-order).
import { useTranslation } from '../../lib/i18n-react';
import type { Schemas } from '../../lib/api-client';
import { AccountShell } from '../../features/account/components/account-layout';
import { ContentRenderer } from '../../features/content';
import { ReturnFlow } from '../../features/returns/components/return-flow';
import { ReturnOrderPage } from '../../features/returns/components/return-order-page';
import { ReturnThankYou } from '../../features/returns/components/return-thank-you';

/** `/return-order`: a guest finds the order to return. */
export function ReturnOrderRoute({ data }: { data: Schemas['ReturnOrderPageData'] }) {
  const help = data.content?.components.length ? <ContentRenderer components={data.content.components} /> : undefined;
  return <ReturnOrderPage data={data} help={help} />;
}

/** `/guest/return-exchange?transactionUuid=…`. */
export function GuestReturnRoute({ data }: { data: Schemas['ReturnExchangePageData'] }) {
  const { t } = useTranslation('returns');
  return (
    <div className="return-page">
      <header className="return-page__header">
        <p className="return-kicker">{t('lookup.kicker')}</p>
        <h1 className="return-page__title">{t('page.guestTitle')}</h1>
        <p className="return-hint">{t('page.guestIntro', { order: data.order.orderNumber.replace(/-/g, '\u2011') })}</p>
      </header>
      <ReturnFlow key={data.order.orderNumber} data={data} guest />
    </div>
  );
}

/** `/myaccount/return-exchange?orderNumber=…`. */
export function AccountReturnRoute({ data }: { data: Schemas['ReturnExchangePageData'] }) {
  const { t } = useTranslation('returns');
  return (
    <AccountShell title={t('page.accountTitle')} intro={t('page.accountIntro')}>
      <ReturnFlow key={data.order.orderNumber} data={data} guest={false} />
    </AccountShell>
  );
}

/** `/myaccount/return-thank-you`: inside the account area for a customer, on its own for a guest. */
export function ReturnThankYouRoute({ data }: { data: Schemas['ReturnThankYouPageData'] }) {
  if (data.guest) return <ReturnThankYou data={data} />;
  return (
    <div className="return-page return-page--account">
      <ReturnThankYou data={data} />
    </div>
  );
}
