import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { SizePicker } from '../../../components/ui/size-picker';
import { ChoiceCards } from '../../../components/ui/choice-cards';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { formatPrice } from '../../../lib/format';
import { formatShopDay } from '../../../lib/shop-day';
import { useMarket } from '../../../lib/market-context';
import {
  refundPreview,
  selectableLines,
  withFlow,
  type LineChoice,
  type ReturnDraft,
  type ReturnPageData,
  type StepErrors,
} from '../return-model';
import { ReturnLine } from './return-line';

// The body of each step of the return flow (`return-flow.tsx` holds the steps' order, checks and buttons).

/** What every step's body reads and changes: the page's data and the draft of the request. */
export interface StepBodyProps {
  data: ReturnPageData;
  draft: ReturnDraft;
  setDraft: Dispatch<SetStateAction<ReturnDraft>>;
  /** Changes a line's choice (null: the line is no longer chosen). */
  setLine: (id: string, change: Partial<LineChoice> | null) => void;
  errors: StepErrors;
  /** The message of a field's error, translated. */
  error: (key: string) => string | undefined;
}

const useMoney = (currency: string) => {
  const { locale } = useMarket();
  return (v: number) => formatPrice(v, currency, locale);
};
const chosenLines = (data: ReturnPageData, draft: ReturnDraft) =>
  selectableLines(data, draft.flowType).filter((l) => draft.lines[l.item.itemId]);
const reasonsOf = (data: ReturnPageData) => data.returnReasons.map((r) => ({ id: r.id, label: r.label }));

/** Order details and the flow: return or exchange. */
export function OrderDetailsStep({ data, draft, setDraft, error }: StepBodyProps) {
  const { t } = useTranslation('returns');
  const { locale } = useMarket();
  const order = data.order;
  const delivered = order.shipments
    .map((s) => s.deliveredAt)
    .filter((d): d is string => Boolean(d))
    .sort()
    .at(-1);
  const day = (iso: string) => formatShopDay(iso, locale, true);
  return (
    <>
      <dl className="return-facts">
        <div>
          <dt>{t('order.number')}</dt>
          <dd className="return-facts__ltr">{order.orderNumber}</dd>
        </div>
        <div>
          <dt>{t('order.placed')}</dt>
          <dd>{day(order.placedAt)}</dd>
        </div>
        {delivered && (
          <div>
            <dt>{t('order.delivered')}</dt>
            <dd>{day(delivered)}</dd>
          </div>
        )}
        <div>
          <dt>{t('order.articles')}</dt>
          <dd>{t('order.articleCount', { count: order.items.reduce((n, i) => n + i.quantity, 0) })}</dd>
        </div>
      </dl>
      <ChoiceCards
        className="return-choices"
        name="flowType"
        label={t('flow.label')}
        value={draft.flowType}
        onChange={(id) => setDraft((d) => withFlow(d, data, id as ReturnDraft['flowType']))}
        error={error('flowType')}
        items={(['Return', 'Exchange'] as const).map((f) => ({
          id: f,
          title: t(`flow.${f}.title`),
          detail: data.availableFlowTypes.includes(f) ? t(`flow.${f}.detail`) : t('flow.unavailable'),
          isDisabled: !data.availableFlowTypes.includes(f),
        }))}
      />
      <p className="return-hint">{t('order.window', { days: data.returnWindowDays })}</p>
    </>
  );
}

/** The articles to return or exchange, and how many of each. */
export function ProductSelectionStep({ data, draft, setLine, errors, error }: StepBodyProps) {
  const { t } = useTranslation('returns');
  const order = data.order;
  const lines = selectableLines(data, draft.flowType);
  return (
    <fieldset className="return-lines" aria-describedby={errors.lines ? 'return-lines-error' : undefined}>
      <legend className="sr-only">{t('selection.legend')}</legend>
      {errors.lines && (
        <p id="return-lines-error" className="form-field__error" role="alert" tabIndex={-1}>
          {error('lines')}
        </p>
      )}
      <ul className="return-list" role="list">
        {lines.map(({ item, max, unavailable }) => {
          const choice = draft.lines[item.itemId];
          return (
            <li
              key={item.itemId}
              className="return-list__item"
              data-disabled={max === 0 || undefined}
              data-selected={choice ? true : undefined}
            >
              <ReturnLine {...item} currency={order.currencyCode}>
                {max > 0 ? (
                  <div className="return-line__controls">
                    <CheckboxField
                      name={`line-${item.itemId}`}
                      isSelected={Boolean(choice)}
                      onChange={(on) => setLine(item.itemId, on ? {} : null)}
                    >
                      {t(draft.flowType === 'Exchange' ? 'selection.exchangeThis' : 'selection.returnThis')}
                      <span className="sr-only"> — {item.name}</span>
                    </CheckboxField>
                    {choice && max > 1 && (
                      <SelectField
                        name={`quantity-${item.itemId}`}
                        label={t('selection.quantity')}
                        items={Array.from({ length: max }, (_, i) => ({ id: String(i + 1), label: String(i + 1) }))}
                        value={String(choice.quantity)}
                        onChange={(v) => setLine(item.itemId, { quantity: Number(v) })}
                        className="return-line__quantity"
                      />
                    )}
                  </div>
                ) : (
                  <p className="return-hint">{t(unavailable ?? 'selection.notReturnable')}</p>
                )}
              </ReturnLine>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** The reason of each article (and the new size of an exchange). */
export function ReasonStep({
  step,
  data,
  draft,
  setLine,
  error,
}: StepBodyProps & { step: 'returnProduct' | 'exchangeProduct' }) {
  const { t } = useTranslation('returns');
  const order = data.order;
  const chosen = chosenLines(data, draft);
  const reasons = reasonsOf(data);
  return (
    <ul className="return-list" role="list">
      {chosen.map(({ item, exchangeSizes }) => {
        const choice = draft.lines[item.itemId]!;
        return (
          <li key={item.itemId} className="return-list__item">
            <ReturnLine {...item} quantity={choice.quantity} currency={order.currencyCode}>
              <div className="return-line__fields">
                {step === 'exchangeProduct' && (
                  <SizePicker
                    label={t('exchange.newSize')}
                    name={`size-${item.itemId}`}
                    sizes={exchangeSizes.map((s) => ({
                      id: s.size,
                      label: s.size === 'TU' ? t('line.oneSize') : s.size,
                      available: s.priceDifference <= 0,
                      ...(s.priceDifference > 0 ? { hint: t('exchange.dearer') } : {}),
                    }))}
                    value={choice.exchangeSize || null}
                    onChange={(size) => setLine(item.itemId, { exchangeSize: size })}
                    unavailableLabel={t('exchange.unavailable')}
                    errorMessage={error(`size-${item.itemId}`)}
                    description={t('exchange.sizeHint')}
                    isRequired
                  />
                )}
                <SelectField
                  name={`reason-${item.itemId}`}
                  label={t('reason.label')}
                  placeholder={t('reason.placeholder')}
                  items={reasons}
                  value={choice.reasonId}
                  onChange={(v) => setLine(item.itemId, { reasonId: v as LineChoice['reasonId'] })}
                  error={error(`reason-${item.itemId}`)}
                  isRequired
                />
              </div>
            </ReturnLine>
          </li>
        );
      })}
    </ul>
  );
}

/** How the articles go back: a handover, or a boutique. */
export function ShippingStep({ data, draft, setDraft, error }: StepBodyProps) {
  const { t } = useTranslation('returns');
  const store = data.stores.find((s) => s.id === draft.storeId);
  return (
    <>
      <ChoiceCards
        className="return-choices"
        name="shipping"
        label={t('shipping.label')}
        isLabelHidden
        value={draft.shipping}
        onChange={(id) => setDraft((d) => ({ ...d, shipping: id as ReturnDraft['shipping'] }))}
        error={error('shipping')}
        items={[
          ...data.handovers.map((h) => ({
            id: h,
            title: t(`shipping.${h}.title`),
            detail: t(`shipping.${h}.detail`),
          })),
          ...(data.returnMethods.includes('ShipToStore') && data.stores.length
            ? [{ id: 'store', title: t('shipping.store.title'), detail: t('shipping.store.detail') }]
            : []),
        ]}
      />
      {draft.shipping === 'store' && (
        <div className="return-store">
          <SelectField
            name="storeId"
            label={t('shipping.store.select')}
            placeholder={t('shipping.store.placeholder')}
            items={data.stores.map((s) => ({ id: s.id, label: `${s.name} — ${s.city}` }))}
            value={draft.storeId ?? ''}
            onChange={(id) => setDraft((d) => ({ ...d, storeId: id }))}
            error={error('storeId')}
            isRequired
          />
          {store && (
            <address className="return-store__address">
              {store.addressLines.map((l) => (
                <span key={l}>{l}</span>
              ))}
            </address>
          )}
        </div>
      )}
    </>
  );
}

/** The refund (or the exchange at the same price) before the request is sent. */
export function RefundStep({ data, draft }: StepBodyProps) {
  const { t } = useTranslation('returns');
  const order = data.order;
  const money = useMoney(order.currencyCode);
  const chosen = chosenLines(data, draft);
  const reasons = reasonsOf(data);
  const refund = refundPreview(draft, order);
  const store = data.stores.find((s) => s.id === draft.storeId);
  return (
    <>
      <ul className="return-list return-list--compact" role="list">
        {chosen.map(({ item }) => {
          const choice = draft.lines[item.itemId]!;
          return (
            <li key={item.itemId} className="return-list__item">
              <ReturnLine
                {...item}
                quantity={choice.quantity}
                currency={order.currencyCode}
                aside={draft.flowType === 'Exchange' ? t('refund.samePrice') : money(item.unitPrice * choice.quantity)}
              >
                <p className="return-line__change">
                  {draft.flowType === 'Exchange' ? t('refund.newSize', { size: choice.exchangeSize }) : ''}
                  {draft.flowType === 'Exchange' ? ' · ' : ''}
                  {reasons.find((r) => r.id === choice.reasonId)?.label}
                </p>
              </ReturnLine>
            </li>
          );
        })}
      </ul>
      <dl className="return-totals">
        {draft.flowType === 'Return' ? (
          <>
            <div>
              <dt>{t('refund.items')}</dt>
              <dd>{money(refund.items)}</dd>
            </div>
            {refund.tax > 0 && (
              <div>
                <dt>{t('refund.tax')}</dt>
                <dd>{money(refund.tax)}</dd>
              </div>
            )}
            <div>
              <dt>{t('refund.shipping')}</dt>
              <dd>{t('shipping.free')}</dd>
            </div>
            <div className="return-totals__total">
              <dt>{t('refund.total')}</dt>
              <dd>{money(refund.total)}</dd>
            </div>
          </>
        ) : (
          <div className="return-totals__total">
            <dt>{t('refund.exchangeTotal')}</dt>
            <dd>{money(0)}</dd>
          </div>
        )}
      </dl>
      <p className="return-hint">
        {draft.flowType === 'Exchange'
          ? t('refund.exchangeNote')
          : order.payment?.cardLast4
            ? t('refund.toCard', {
                brand: order.payment.cardBrand ? order.payment.cardBrand.toUpperCase() : t('refund.card'),
                last4: order.payment.cardLast4,
              })
            : t('refund.toOriginal')}
      </p>
      <p className="return-hint">{t(`refund.via.${draft.shipping ?? 'dropOff'}`, { store: store?.name ?? '' })}</p>
    </>
  );
}
