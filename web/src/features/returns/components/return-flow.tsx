import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { useNavigate } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { FormMessage } from '../../../components/ui/form-message';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { useCreateReturnRequest } from '../api/return-queries';
import {
  initialDraft,
  requestBody,
  selectableLines,
  STEPS,
  stepErrors,
  thankYouPath,
  type LineChoice,
  type ReturnDraft,
  type ReturnFlowStep,
  type ReturnPageData,
  type StepErrors,
} from '../return-model';
import { ReturnSteps } from './return-steps';
import { OrderDetailsStep, ProductSelectionStep, ReasonStep, RefundStep, ShippingStep } from './return-step-bodies';
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

  const stepProps = { data, draft, setDraft, setLine, errors, error };
  let body;
  switch (step) {
    case 'orderDetails':
      body = <OrderDetailsStep {...stepProps} />;
      break;
    case 'productSelection':
      body = <ProductSelectionStep {...stepProps} />;
      break;
    case 'returnProduct':
    case 'exchangeProduct':
      body = <ReasonStep {...stepProps} step={step} />;
      break;
    case 'shipping':
      body = <ShippingStep {...stepProps} />;
      break;
    case 'refund':
      body = <RefundStep {...stepProps} />;
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
