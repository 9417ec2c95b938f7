import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, type Schemas } from '../../../lib/api-client';
import { FormMessage } from '../../../components/ui/form-message';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { useCheckoutOptions } from '../api/checkout-queries';
import { CheckoutFlow } from './checkout-flow';
import { LockIcon } from './payment-step';
import './checkout.css';

export interface CheckoutPageProps {
  /** `?express=1`: the bag was filled from a product's "Express checkout"; the wallet is preselected. */
  express?: boolean;
  /** The options the page's data brought (the server renders the checkout with them). */
  initial?: Schemas['CheckoutOptions'] | undefined;
}

/**
 * `/checkout`: one page, four steps that open in turn and can be edited after (contact, delivery, payment,
 * review), beside the order summary (sticky on desktop, folded under the title on phones). The options come with
 * the page's data (`initial`), and from GET /api/checkout/options once the page is live (they are personal and
 * never kept).
 */
export function CheckoutPage({ express = false, initial }: CheckoutPageProps) {
  const { t } = useTranslation('checkout');
  const { locale } = useMarket();
  const localize = useLocalizePath();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [leaving, setLeaving] = useState(false);
  const query = useCheckoutOptions(locale, hydrated && !leaving, initial);
  const options = query.data ?? initial;

  let body: ReactNode;
  if (leaving || !options) {
    if (query.error && !leaving) {
      const code = query.error instanceof ApiError ? query.error.code : 'API_UNKNOWN_ERROR';
      if (code === 'ERR_OCAPI_1013') body = <EmptyCheckout />;
      else
        body = (
          <div className="checkout-state">
            <FormMessage>
              {code === 'ERR_OCAPI_1012'
                ? t('unavailableMarket')
                : t(`errors:${code}`, { defaultValue: t('errors:API_UNKNOWN_ERROR') })}
            </FormMessage>
            {code !== 'ERR_OCAPI_1012' && (
              <Button variant="secondary" onPress={() => void query.refetch()}>
                {t('common:error.retry')}
              </Button>
            )}
          </div>
        );
    } else
      body = (
        <div className="checkout-state checkout-state--loading" aria-busy="true">
          <Spinner label={t('loading')} size="lg" />
        </div>
      );
  } else {
    body = (
      <CheckoutFlow
        options={options}
        express={express}
        refresh={() => query.refetch()}
        onLeave={() => setLeaving(true)}
      />
    );
  }

  return (
    <div className="checkout">
      <header className="checkout__header">
        <Link className="checkout__back" to={localize('/basket')}>
          <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" width="12" height="12">
            <path d="M10 3L5 8l5 5" fill="none" stroke="currentColor" strokeWidth="1.2" />
          </svg>
          {t('backToBag')}
        </Link>
        <div className="checkout__heading">
          <h1 className="checkout__title">{t('title')}</h1>
          <p className="checkout__secure">
            <LockIcon /> {t('secure')}
          </p>
        </div>
      </header>
      {body}
    </div>
  );
}

function EmptyCheckout() {
  const { t } = useTranslation('checkout');
  const localize = useLocalizePath();
  return (
    <div className="checkout-state checkout-state--empty" data-testid="checkout-empty">
      <h2 className="checkout-state__title">{t('empty.title')}</h2>
      <p className="checkout-hint">{t('empty.text')}</p>
      <LinkButton href={localize('/')} variant="primary" size="lg">
        {t('empty.action')}
      </LinkButton>
    </div>
  );
}
