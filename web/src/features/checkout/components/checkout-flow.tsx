import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { useNavigate } from '../../../lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { ApiError, type Schemas } from '../../../lib/api-client';
import { FormMessage } from '../../../components/ui/form-message';
import { formatDay, formatPrice } from '../../../lib/format';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { setStored } from '../../../lib/storage';
import { sendPlaceOrder, useCompleteAuthentication, useCountryAddressFormat } from '../api/checkout-queries';
import {
  completeStep,
  contactValuesOf,
  editStep,
  emptyCard,
  initialSteps,
  newIdempotencyKey,
  orderEmailKey,
  placeOrderRequest,
  placeWithKey,
  reopenStep,
  routeRefusal,
  stepStatus,
  STEPS,
  totalsFor,
  validateContact,
  type CheckoutOptions,
  type ContactValues,
  type DeliveryChoice,
  type PaymentChoice,
  type StepId,
  type StepState,
} from '../checkout-model';
import { ContactStep } from './contact-step';
import { DeliveryStep, deliveryDraftOf, type DeliveryDraft } from './delivery-step';
import { basketLines, SummaryLines } from './order-summary';
import { Totals } from '../../../components/order-totals';
import { PaymentStep, type PaymentDraft } from './payment-step';
import { ReviewStep } from './review-step';
import { useStepSummaries } from './step-summaries';

/**
 * The card issuer's authentication is a dialog (React Aria's, for its focus containment): its code loads when
 * an order is being placed, not with the page.
 */
const loadAuthenticationDialog = () => import('./authentication-dialog');
const AuthenticationDialog = lazy(() => loadAuthenticationDialog().then((m) => ({ default: m.AuthenticationDialog })));

type Messages = Partial<Record<StepId, string>>;

export interface FlowProps {
  options: CheckoutOptions;
  express: boolean;
  refresh: () => Promise<unknown>;
  onLeave: () => void;
}

function initialStepsOf(contact: ContactValues): StepState {
  // A signed-in customer whose details are complete starts at the delivery.
  return Object.keys(validateContact(contact)).length === 0 ? completeStep(initialSteps(), 'contact') : initialSteps();
}

export function CheckoutFlow({ options, express, refresh, onLeave }: FlowProps) {
  const { t } = useTranslation('checkout');
  const { locale, country } = useMarket();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const currency = options.basket.currencyCode ?? 'EUR';
  const money = (v: number) => formatPrice(v, currency, locale);

  const [contact, setContact] = useState<ContactValues>(() => contactValuesOf(options.contact));
  const [steps, setSteps] = useState<StepState>(() => initialStepsOf(contactValuesOf(options.contact)));
  const [deliveryDraft, setDeliveryDraft] = useState<DeliveryDraft>(() => deliveryDraftOf(options, country, contact));
  const [delivery, setDelivery] = useState<DeliveryChoice | null>(null);
  const [paymentDraft, setPaymentDraft] = useState<PaymentDraft>({
    method: express ? 'expressPay' : 'card',
    card: emptyCard(),
  });
  const [payment, setPayment] = useState<PaymentChoice | null>(null);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [messages, setMessages] = useState<Messages>({});
  const [toBasket, setToBasket] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [challenge, setChallenge] = useState<Schemas['PaymentAuthentication'] | null>(null);
  const [authOpen, setAuthOpen] = useState(false);
  const [authError, setAuthError] = useState<string | undefined>();
  const authenticate = useCompleteAuthentication(locale);
  const [summaryOpen, setSummaryOpen] = useState(false);

  // The delivery option may no longer be offered after the options were read again.
  const option = options.deliveryOptions.find((o) => o.id === (delivery?.optionId ?? deliveryDraft.optionId));
  const totals = totalsFor(options, option);
  const shippingKnown = steps.done.includes('delivery');

  // The heading of the step that opens takes the focus (and the page scrolls to it), after the first.
  const headings = useRef<Partial<Record<StepId, HTMLHeadingElement | null>>>({});
  const firstOpen = useRef(true);
  useEffect(() => {
    if (firstOpen.current) {
      firstOpen.current = false;
      return;
    }
    const heading = headings.current[steps.open];
    heading?.focus({ preventScroll: true });
    heading?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [steps.open]);

  const errorText = (code: string) => t(`errors:${code}`, { defaultValue: t('errors:API_UNKNOWN_ERROR') });
  const done = (step: StepId) => {
    setMessages((m) => ({ ...m, [step]: undefined }));
    setSteps((s) => completeStep(s, step));
  };
  const edit = (step: StepId) => setSteps((s) => editStep(s, step));

  const refuse = async (code: string, paths: string[] = []) => {
    const route = routeRefusal(code, paths);
    if (route.refresh) await refresh().catch(() => undefined);
    if (route.step !== 'review') setSteps((s) => reopenStep(s, route.step));
    setToBasket(route.toBasket === true);
    setMessages({ [route.step]: errorText(code) });
  };

  const finish = (order: Pick<Schemas['Order'], 'orderNumber'>) => {
    setStored('session', orderEmailKey(order.orderNumber), contact.email.trim().toLowerCase());
    onLeave();
    void queryClient.invalidateQueries({ queryKey: ['basket'] });
    void navigate(`${localize('/checkout/confirmation')}?orderNumber=${encodeURIComponent(order.orderNumber)}`);
  };

  const place = async () => {
    if (!delivery || !payment || placing) return;
    if (!acceptTerms) return setTermsError(true);
    setPlacing(true);
    void loadAuthenticationDialog();
    setMessages({});
    // A fresh key for every press: a declined card is tried again as a new placement.
    const body = placeOrderRequest(contact, delivery, payment, totals.total, acceptTerms);
    const answer = await placeWithKey((key) => sendPlaceOrder(locale, key, body), newIdempotencyKey(), {
      onWait: () => setWaiting(true),
    });
    setWaiting(false);
    setPlacing(false);
    if (answer.kind === 'placed') return finish(answer.order);
    if (answer.kind === 'authenticate') {
      setStored('session', orderEmailKey(answer.challenge.orderNumber), contact.email.trim().toLowerCase());
      setAuthError(undefined);
      setChallenge(answer.challenge);
      setAuthOpen(true);
      return;
    }
    await refuse(answer.code, answer.problem?.errors?.map((e) => e.path) ?? []);
  };

  const confirmCode = (code: string) => {
    if (!challenge) return;
    authenticate.mutate(
      { orderNumber: challenge.orderNumber, challengeId: challenge.challengeId, code },
      {
        onSuccess: (order) => {
          setAuthOpen(false);
          finish(order);
        },
        onError: (error) => {
          const codeOf = error instanceof ApiError ? error.code : 'API_UNKNOWN_ERROR';
          // A wrong code cancels the order: the shopper tries again, or with another card.
          if (codeOf === 'ERR_PAY_1001' || codeOf === 'ERR_PAY_1004' || codeOf === 'ERR_API_1023') {
            setAuthOpen(false);
            setChallenge(null);
            void refuse(codeOf === 'ERR_API_1023' ? 'ERR_PAY_1004' : codeOf);
          } else setAuthError(errorText(codeOf));
        },
      },
    );
  };

  const format = useCountryAddressFormat(locale, country).data?.countries[0];
  const stepTitle = (step: StepId) => t(`steps.${step}`);
  const summaries = useStepSummaries({ contact, delivery, payment, option, options, format });

  const stepBody = (step: StepId): ReactNode => {
    switch (step) {
      case 'contact':
        return (
          <ContactStep
            values={contact}
            onChange={setContact}
            signedIn={options.signedIn}
            emailLocked={options.signedIn && Boolean(options.contact.email)}
            message={messages.contact}
            onDone={() => {
              // The names of the delivery address follow the contact's while still empty.
              setDeliveryDraft((d) => ({
                ...d,
                address: {
                  ...d.address,
                  firstName: d.address.firstName || contact.firstName,
                  lastName: d.address.lastName || contact.lastName,
                },
                billing: {
                  ...d.billing,
                  firstName: d.billing.firstName || contact.firstName,
                  lastName: d.billing.lastName || contact.lastName,
                },
              }));
              done('contact');
            }}
          />
        );
      case 'delivery':
        return (
          <DeliveryStep
            options={options}
            draft={deliveryDraft}
            onChange={setDeliveryDraft}
            message={messages.delivery}
            onDone={(choice) => {
              setDelivery(choice);
              done('delivery');
            }}
          />
        );
      case 'payment':
        return (
          <PaymentStep
            draft={paymentDraft}
            onChange={setPaymentDraft}
            express={express}
            message={messages.payment}
            onResumeAuthentication={challenge ? () => setAuthOpen(true) : undefined}
            onDone={(choice) => {
              setPayment(choice);
              done('payment');
            }}
          />
        );
      case 'review':
        return (
          <ReviewStep
            basket={options.basket}
            currency={currency}
            totals={totals}
            taxIncluded={options.taxIncluded}
            message={messages.review}
            toBasket={toBasket}
            acceptTerms={acceptTerms}
            onAcceptTerms={(v) => {
              setAcceptTerms(v);
              setTermsError(false);
            }}
            termsError={termsError}
            waiting={waiting}
            pendingAuthentication={Boolean(challenge) && !authOpen}
            onResumeAuthentication={() => setAuthOpen(true)}
            onPlace={() => void place()}
            placing={placing}
            total={money(totals.total)}
          />
        );
    }
  };

  const lineCount = options.basket.itemCount;
  return (
    <div className="checkout__layout">
      <aside
        className="checkout__summary"
        aria-labelledby="checkout-summary-title"
        data-open={summaryOpen || undefined}
      >
        <button
          type="button"
          className="checkout__summary-toggle"
          aria-expanded={summaryOpen}
          aria-controls="checkout-summary-body"
          onClick={() => setSummaryOpen((o) => !o)}
        >
          <span>{summaryOpen ? t('summary.hide') : t('summary.show')}</span>
          <span className="checkout__summary-total">{money(totals.total)}</span>
        </button>
        <div id="checkout-summary-body" className="checkout__summary-body">
          <h2 id="checkout-summary-title" className="checkout-subtitle">
            {t('summary.title')} <span className="checkout-hint">{t('summary.items', { count: lineCount })}</span>
          </h2>
          <SummaryLines lines={basketLines(options.basket)} currency={currency} compact />
          <Totals totals={totals} currency={currency} taxIncluded={options.taxIncluded} shippingKnown={shippingKnown} />
        </div>
      </aside>
      <ol className="checkout__steps" role="list">
        {STEPS.map((step, index) => {
          const status = stepStatus(steps, step);
          return (
            <li key={step} className="checkout-step" data-status={status} data-testid={`checkout-step-${step}`}>
              <div className="checkout-step__head">
                <h2
                  id={`checkout-step-${step}`}
                  className="checkout-step__title"
                  tabIndex={-1}
                  ref={(el) => {
                    headings.current[step] = el;
                  }}
                >
                  <span className="checkout-step__number" aria-hidden="true">
                    {status === 'done' ? (
                      <svg viewBox="0 0 16 16" focusable="false" width="12" height="12">
                        <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.5" />
                      </svg>
                    ) : (
                      index + 1
                    )}
                  </span>
                  <span className="sr-only">{t('stepOf', { number: index + 1, count: STEPS.length })}: </span>
                  {stepTitle(step)}
                </h2>
                {status === 'done' && step !== 'review' && (
                  <Button
                    variant="tertiary"
                    size="sm"
                    onPress={() => edit(step)}
                    aria-label={t('editStep', { step: stepTitle(step) })}
                  >
                    {t('edit')}
                  </Button>
                )}
              </div>
              {status === 'open' && <div className="checkout-step__body">{stepBody(step)}</div>}
              {status === 'done' && summaries[step] && <div className="checkout-step__summary">{summaries[step]}</div>}
              {status === 'done' && messages[step] && <FormMessage>{messages[step]}</FormMessage>}
            </li>
          );
        })}
      </ol>
      {challenge && (
        <Suspense fallback={null}>
          <AuthenticationDialog
            isOpen={authOpen}
            onOpenChange={setAuthOpen}
            amount={money(totals.total)}
            expiresAt={formatDay(challenge.expiresAt, locale, { hour: '2-digit', minute: '2-digit' })}
            onConfirm={confirmCode}
            isPending={authenticate.isPending}
            error={authError}
          />
        </Suspense>
      )}
    </div>
  );
}
