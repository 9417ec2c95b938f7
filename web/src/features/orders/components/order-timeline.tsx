import { useTranslation } from '../../../lib/i18n-react';
import { formatShopDay } from '../../../lib/shop-day';
import { useMarket } from '../../../lib/market-context';
import { timelineOf, type Order } from '../order-model';

/**
 * Where the order is: its steps in order (placed → paid → processing → shipped → delivered, or ready for
 * collection in a boutique), each done, current or to come, with its date when known. A list, read in order
 * by screen readers, the current step marked `aria-current`.
 */
export function OrderTimeline({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const { locale } = useMarket();
  const steps = timelineOf(order);
  return (
    <ol className="order-timeline" role="list" aria-label={t('timeline.label')} data-testid="order-timeline">
      {steps.map((step) => (
        <li
          key={step.status}
          className="order-timeline__step"
          data-state={step.state}
          data-status={step.status}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span className="order-timeline__dot" aria-hidden="true" />
          <span className="order-timeline__label">{t(`status.${step.status}`)}</span>
          {step.at && <span className="order-timeline__date">{formatShopDay(step.at, locale)}</span>}
          <span className="sr-only">{t(`timeline.${step.state}`)}</span>
        </li>
      ))}
    </ol>
  );
}
