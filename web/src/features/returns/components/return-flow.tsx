import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { useNavigate } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { SizePicker } from '../../../components/ui/size-picker';
import { ApiError } from '../../../lib/api-client';
import { ChoiceCards } from '../../../components/ui/choice-cards';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormMessage } from '../../../components/ui/form-message';
import { SelectField } from '../../../components/ui/select-field';
import { formatPrice } from '../../../lib/format';
import { formatShopDay } from '../../../lib/shop-day';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { useCreateReturnRequest } from '../api/return-queries';
import {
  initialDraft,
  refundPreview,
  requestBody,
  selectableLines,
  STEPS,
  stepErrors,
  thankYouPath,
  withFlow,
  type LineChoice,
  type ReturnDraft,
  type ReturnFlowStep,
  type ReturnPageData,
  type StepErrors,
} from '../return-model';
import { ReturnLine } from './return-line';
import { ReturnSteps } from './return-steps';
import './returns.css';

export interface ReturnFlowProps {
  data: ReturnPageData;
  /** A guest (by the order's transaction id) rather than a signed-in customer. */
  guest: boolean;
}

/**
 * The return or exchange of an order in six steps (spec §2): order details and the flow, the articles, the
 * reason (and the new size of an exchange), how they go back, the refund, then the confirmation page. Each
 * step checks what it asks before the next one; the server checks everything again when the request is sent.
 */
export function ReturnFlow({ data, guest }: ReturnFlowProps) {
  const { t } = useTranslation('returns');
  const { locale } = useMarket();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ReturnDraft>(() => initialDraft(data));
  const [step, setStep] = useState<ReturnFlowStep>('orderDetails');
  const [errors, setErrors] = useState<StepErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateReturnRequest(locale);
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLElement>(null);
  const shown = useRef(step);
  const steps = STEPS[draft.flowType];
  const index = steps.indexOf(step);
  const order = data.order;
  const money = (v: number) => formatPrice(v, order.currencyCode, locale);
  const lines = selectableLines(data, draft.flowType);
  const chosen = lines.filter((l) => draft.lines[l.item.itemId]);

  // A new step takes the focus to its heading, so screen readers announce where the client is.
  useEffect(() => {
    if (shown.current !== step) heading.current?.focus();
    shown.current = step;
  }, [step]);

  const go = (s: ReturnFlowStep) => {
    setErrors({});
    setFormError(null);
    setStep(s);
  };
  const focusError = () =>
    requestAnimationFrame(() =>
      panel.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input, [role="alert"]')?.focus(),
    );
  const next = () => {
    const found = stepErrors(step, draft, data);
    setErrors(found);
    if (Object.keys(found).length) return focusError();
    go(steps[index + 1]!);
  };
  const setLine = (id: string, change: Partial<LineChoice> | null) =>
    setDraft((d) => {
      const lines = { ...d.lines };
      if (change === null) delete lines[id];
      else lines[id] = { ...(lines[id] ?? { quantity: 1, reasonId: '', exchangeSize: '' }), ...change };
      return { ...d, lines };
    });
  const submit = async () => {
    if (create.isPending) return;
    setFormError(null);
    try {
      await create.mutateAsync(requestBody(draft, data, guest));
      void navigate(localize(thankYouPath(order, guest)));
    } catch (err) {
      const code = err instanceof ApiError ? err.code : undefined;
      setFormError(t(`errors:${code ?? 'API_UNKNOWN_ERROR'}`, { defaultValue: t('errors:API_UNKNOWN_ERROR') }));
      focusError();
    }
  };
  const error = (key: string) => (errors[key] ? t(errors[key]!) : undefined);

  if (data.availableFlowTypes.length === 0) {
    return (
      <div className="return-flow return-flow--closed">
        <section className="return-panel">
          <h2 className="return-panel__title">{t('closed.title')}</h2>
          <p className="return-hint">{t('closed.text', { days: data.returnWindowDays })}</p>
        </section>
      </div>
    );
  }

  const delivered = order.shipments
    .map((s) => s.deliveredAt)
    .filter((d): d is string => Boolean(d))
    .sort()
    .at(-1);
  const day = (iso: string) => formatShopDay(iso, locale, true);
  const reasons = data.returnReasons.map((r) => ({ id: r.id, label: r.label }));
  const refund = refundPreview(draft, order);
  const store = data.stores.find((s) => s.id === draft.storeId);

  let body;
  switch (step) {
    case 'orderDetails':
      body = (
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
      break;
    case 'productSelection':
      body = (
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
      break;
    case 'returnProduct':
    case 'exchangeProduct':
      body = (
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
      break;
    case 'shipping':
      body = (
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
      break;
    case 'refund':
      body = (
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
                    aside={
                      draft.flowType === 'Exchange' ? t('refund.samePrice') : money(item.unitPrice * choice.quantity)
                    }
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
      break;
    default:
      body = null;
  }

  return (
    <div className="return-flow">
      <ReturnSteps steps={steps} current={step} onSelect={go} />
      <div className="return-flow__layout">
        <section className="return-panel" ref={panel} aria-labelledby="return-step-title">
          <h2 id="return-step-title" className="return-panel__title" tabIndex={-1} ref={heading}>
            {t(`steps.${step}`)}
          </h2>
          <p className="return-hint return-panel__intro">{t(`intro.${step}`)}</p>
          {formError && <FormMessage>{formError}</FormMessage>}
          {body}
          <div className="return-panel__actions">
            {step === 'refund' ? (
              <Button
                size="lg"
                onPress={() => void submit()}
                isPending={create.isPending}
                pendingLabel={t('actions.sending')}
              >
                {t(draft.flowType === 'Exchange' ? 'actions.submitExchange' : 'actions.submitReturn')}
              </Button>
            ) : (
              <Button size="lg" onPress={next}>
                {t('actions.continue')}
              </Button>
            )}
            {index > 0 && (
              <Button variant="tertiary" onPress={() => go(steps[index - 1]!)}>
                {t('actions.back')}
              </Button>
            )}
          </div>
        </section>
        <aside className="return-summary" aria-label={t('summary.label')}>
          <p className="return-summary__kicker">{t(`flow.${draft.flowType}.title`)}</p>
          <p className="return-summary__order">
            {t('summary.order', { number: order.orderNumber.replace(/-/g, '\u2011') })}
          </p>
          <p className="return-hint">
            {chosen.length
              ? t('summary.articles', {
                  count: chosen.reduce((n, l) => n + (draft.lines[l.item.itemId]?.quantity ?? 0), 0),
                })
              : t('summary.none')}
          </p>
          <ul className="return-summary__perks" role="list">
            <li>{t('summary.freeReturn')}</li>
            <li>{t('summary.window', { days: data.returnWindowDays })}</li>
            <li>{t(draft.flowType === 'Exchange' ? 'summary.exchangeReserved' : 'summary.refundOriginal')}</li>
          </ul>
        </aside>
      </div>
    </div>
  );
}
