import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { LinkButton } from '../../../components/ui/link-button';
import type { Schemas } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { formatShopDay } from '../../../lib/shop-day';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { STEPS } from '../return-model';
import { ReturnLine } from './return-line';
import { ReturnSteps } from './return-steps';
import './returns.css';

/**
 * `/myaccount/return-thank-you`: the request sent (the flow's last step, "Confirmation") — its number, the
 * articles, how to send them and by when, and the refund (or the exchange, which costs nothing).
 */
export function ReturnThankYou({ data }: { data: Schemas['ReturnThankYouPageData'] }) {
  const { t } = useTranslation('returns');
  const { locale } = useMarket();
  const localize = useLocalizePath();
  const heading = useRef<HTMLHeadingElement>(null);
  const r = data.request;
  const money = (v: number) => formatPrice(v, r.refund.currencyCode, locale);
  useEffect(() => heading.current?.focus(), [r.returnNumber]);
  const exchange = r.flowType === 'Exchange';
  // A request whose parcel never reached us is closed (lapsed): the page says so, and the steps say what now.
  const closed = r.status === 'cancelled';

  return (
    <div className="return-thanks">
      <ReturnSteps steps={STEPS[r.flowType]} current="confirmation" />
      <header className="return-thanks__header">
        <p className="return-kicker">{t(`flow.${r.flowType}.title`)}</p>
        <h1 className="return-thanks__title" tabIndex={-1} ref={heading}>
          {t(closed ? 'thanks.closedTitle' : 'thanks.title')}
        </h1>
        <p className="return-hint return-thanks__intro">
          {t(closed ? 'thanks.closedIntro' : exchange ? 'thanks.introExchange' : 'thanks.introReturn', {
            order: r.orderNumber.replace(/-/g, '\u2011'),
          })}
        </p>
        <dl className="return-facts return-facts--center">
          <div>
            <dt>{t('thanks.number')}</dt>
            <dd className="return-facts__ltr" data-testid="return-number">
              {r.returnNumber}
            </dd>
          </div>
          {!closed && (
            <div>
              <dt>{t('thanks.returnBy')}</dt>
              <dd>{formatShopDay(r.returnBy, locale)}</dd>
            </div>
          )}
        </dl>
      </header>
      <div className="return-thanks__layout">
        <section className="return-panel" aria-labelledby="return-next-title">
          <h2 id="return-next-title" className="return-panel__title">
            {t('thanks.next')}
          </h2>
          <ol className="return-next" role="list">
            {data.nextSteps.map((s, i) => (
              <li key={s}>
                <span className="return-next__mark" aria-hidden="true">
                  {i + 1}
                </span>
                <span>{s}</span>
              </li>
            ))}
          </ol>
          {r.store && (
            <address className="return-store__address">
              <a href={r.store.url}>{r.store.name}</a>
              {r.store.addressLines.map((l) => (
                <span key={l}>{l}</span>
              ))}
            </address>
          )}
          {!closed && <p className="return-hint">{t('thanks.email')}</p>}
        </section>
        <section className="return-panel" aria-labelledby="return-items-title">
          <h2 id="return-items-title" className="return-panel__title">
            {t('thanks.items')}
          </h2>
          <ul className="return-list return-list--compact" role="list">
            {r.lines.map((l) => (
              <li key={l.itemId} className="return-list__item">
                <ReturnLine
                  image={l.image}
                  name={l.name}
                  color={l.color}
                  size={l.size}
                  quantity={l.quantity}
                  unitPrice={l.unitPrice}
                  currency={r.refund.currencyCode}
                  aside={exchange ? t('refund.samePrice') : money(l.amount)}
                >
                  <p className="return-line__change">
                    {l.exchangeSize ? `${t('refund.newSize', { size: l.exchangeSize })} · ` : ''}
                    {t(`reasons.${l.reasonId}`)}
                  </p>
                </ReturnLine>
              </li>
            ))}
          </ul>
          <dl className="return-totals">
            {exchange ? (
              <div className="return-totals__total">
                <dt>{t('refund.exchangeTotal')}</dt>
                <dd>{money(0)}</dd>
              </div>
            ) : (
              <>
                <div>
                  <dt>{t('refund.items')}</dt>
                  <dd>{money(r.refund.itemsAmount)}</dd>
                </div>
                {r.refund.taxAmount > 0 && (
                  <div>
                    <dt>{t('refund.tax')}</dt>
                    <dd>{money(r.refund.taxAmount)}</dd>
                  </div>
                )}
                <div className="return-totals__total">
                  <dt>{t('refund.total')}</dt>
                  <dd>{money(r.refund.total)}</dd>
                </div>
              </>
            )}
          </dl>
          <p className="return-hint">
            {exchange
              ? t('refund.exchangeNote')
              : r.refund.cardLast4
                ? t('refund.toCard', {
                    brand: r.refund.cardBrand ? r.refund.cardBrand.toUpperCase() : t('refund.card'),
                    last4: r.refund.cardLast4,
                  })
                : t('refund.toOriginal')}
          </p>
        </section>
      </div>
      <div className="return-thanks__actions">
        {data.guest ? (
          <LinkButton href={localize('/signup')} variant="secondary">
            {t('thanks.createAccount')}
          </LinkButton>
        ) : (
          <LinkButton href={localize('/myaccount/orders')} variant="secondary">
            {t('thanks.orders')}
          </LinkButton>
        )}
        <LinkButton href={localize('/')} variant="tertiary">
          {t('thanks.continue')}
        </LinkButton>
      </div>
    </div>
  );
}
