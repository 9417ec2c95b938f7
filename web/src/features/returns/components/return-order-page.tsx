import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Link, useNavigate } from '../../../lib/router';
import { ApiError, type Schemas } from '../../../lib/api-client';
import {
  OrderLookupForm,
  type OrderLookupErrors,
  type OrderLookupQuery,
} from '../../../lib/components/order-lookup-form';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { useFindOrder } from '../api/return-queries';
import { guestReturnPath, lookupErrorsOf, validateLookup } from '../return-model';
import './returns.css';

export interface ReturnOrderPageProps {
  data: Schemas['ReturnOrderPageData'];
  /** The return policy (its content page), composed by the route. */
  help?: ReactNode;
}

/**
 * `/return-order` (form `trackOrder`): a guest gives the order number and the e-mail address used for the order,
 * with reCAPTCHA; the order found, the return or exchange goes on at `/guest/return-exchange?transactionUuid=…`.
 */
export function ReturnOrderPage({ data, help }: ReturnOrderPageProps) {
  const { t } = useTranslation('returns');
  const { locale } = useMarket();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const find = useFindOrder(locale);

  const lookup = async (query: OrderLookupQuery): Promise<OrderLookupErrors | null> => {
    try {
      const order = await find.mutateAsync(query);
      if (!order.transactionUuid) return { form: 'errors:ERR_ORDER_DETAILS' };
      void navigate(localize(guestReturnPath(order.transactionUuid)));
      return null;
    } catch (err) {
      return lookupErrorsOf(err instanceof ApiError ? err.code : undefined);
    }
  };

  return (
    <div className="return-order">
      <header className="return-order__header">
        <p className="return-kicker">{t('lookup.kicker')}</p>
        <h1 className="return-order__title">{t('lookup.title')}</h1>
        <p className="return-hint return-order__intro">{t('lookup.intro')}</p>
      </header>
      <div className="return-order__layout">
        <OrderLookupForm
          formId={data.formId}
          recaptchaSiteKey={data.recaptchaSiteKey}
          recaptchaAction="return_order"
          titleId="return-order-form-title"
          titleClassName="return-order__form-title"
          text={(name) => t(`lookup.${name}`)}
          translate={(key) => t(key)}
          validate={validateLookup}
          lookup={lookup}
        >
          <p className="return-hint return-order__signin">
            {t('lookup.signInPrompt')}{' '}
            <Link to={localize('/signin?returnUrl=/myaccount/orders')}>{t('lookup.signIn')}</Link>
          </p>
        </OrderLookupForm>
        <aside className="return-order__policy" aria-labelledby="return-policy-title">
          <h2 id="return-policy-title" className="return-order__policy-title">
            {t('policy.title')}
          </h2>
          <ol className="return-order__how" role="list">
            {data.steps
              .filter((s) => s !== 'orderDetails')
              .map((s) => (
                <li key={s}>
                  <span className="return-order__how-label">{t(`steps.${s}`)}</span>
                  <span className="return-hint">{t(`policy.${s}`)}</span>
                </li>
              ))}
          </ol>
          <ul className="return-summary__perks" role="list">
            <li>{t('summary.freeReturn')}</li>
            <li>{t('summary.window', { days: 30 })}</li>
            {data.flowTypes.includes('Exchange') && <li>{t('policy.exchange')}</li>}
          </ul>
          {help}
        </aside>
      </div>
    </div>
  );
}
