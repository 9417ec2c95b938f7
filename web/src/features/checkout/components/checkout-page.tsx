import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from '../../../lib/i18n-react';
import { Link, useNavigate } from '../../../lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, type Schemas } from '../../../lib/api-client';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormMessage } from '../../../components/ui/form-message';
import { formatDay, formatPrice } from '../../../lib/format';
import { printAddress } from '../../../lib/forms/address-rules';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { setStored } from '../../../lib/storage';
import {
  sendPlaceOrder,
  useCheckoutOptions,
  useCompleteAuthentication,
  useCountryAddressFormat,
} from '../api/checkout-queries';
import {
  cardBrand,
  cardDigits,
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
import { DeliveryStep, deliveryDraftOf, useDeliveryDates, type DeliveryDraft } from './delivery-step';
import { basketLines, SummaryLines } from './order-summary';
import { Totals } from '../../../components/order-totals';
import { LockIcon, PaymentStep, WalletMark, type PaymentDraft } from './payment-step';
import './checkout.css';

/**
 * The card issuer's authentication is a dialog (React Aria's, for its focus containment): its code loads when
 * an order is being placed, not with the page.
 */
const loadAuthenticationDialog = () => import('./authentication-dialog');
const AuthenticationDialog = lazy(() => loadAuthenticationDialog().then((m) => ({ default: m.AuthenticationDialog })));

export interface CheckoutPageProps {
  /** `?express=1`: the bag was filled from a product's "Express checkout"; the wallet is preselected. */
  express?: boolean;
}

/**
 * `/checkout`: one page, four steps that open in turn and can be edited after (contact, delivery, payment,
 * review), beside the order summary (sticky on desktop, folded under the title on phones). The options come
 * from GET /api/checkout/options once the page is interactive (they are personal).
 */
export function CheckoutPage({ express = false }: CheckoutPageProps) {
  const { t } = useTranslation('checkout');
  const { locale } = useMarket();
  const localize = useLocalizePath();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [leaving, setLeaving] = useState(false);
  const query = useCheckoutOptions(locale, hydrated && !leaving);

  let body: ReactNode;
  if (leaving || !query.data) {
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
        options={query.data}
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

type Messages = Partial<Record<StepId, string>>;

interface FlowProps {
  options: CheckoutOptions;
  express: boolean;
  refresh: () => Promise<unknown>;
  onLeave: () => void;
}

function initialStepsOf(contact: ContactValues): StepState {
  // A signed-in customer whose details are complete starts at the delivery.
  return Object.keys(validateContact(contact)).length === 0 ? completeStep(initialSteps(), 'contact') : initialSteps();
}

function CheckoutFlow({ options, express, refresh, onLeave }: FlowProps) {
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
  const dates = useDeliveryDates();
  const stepTitle = (step: StepId) => t(`steps.${step}`);
  const summaries: Record<StepId, ReactNode> = useMemo(() => {
    const store = delivery?.storeId ? options.pickupStores.find((s) => s.storeId === delivery.storeId) : undefined;
    const saved = delivery?.addressId ? options.savedAddresses.find((a) => a.id === delivery.addressId) : undefined;
    const address = saved ?? delivery?.address;
    return {
      contact: (
        <>
          <p>
            {[contact.civility ? t(`account:civility.${contact.civility}`) : '', contact.firstName, contact.lastName]
              .filter(Boolean)
              .join(' ')}
          </p>
          <p>{contact.email}</p>
          <p dir="ltr">{contact.phone}</p>
        </>
      ),
      delivery: option && (
        <>
          <p className="checkout-step__strong">
            {option.label} · {option.cost === 0 ? t('delivery.free') : money(option.cost)}
          </p>
          <p>{dates(option)}</p>
          {store && <p>{[store.name, ...store.addressLines].join(', ')}</p>}
          {!store && address && <p>{printAddress(address, format, format?.name).join(', ')}</p>}
          {delivery?.gift.wrap && <p>{t('delivery.giftSummary')}</p>}
        </>
      ),
      payment: payment && (
        <p className="checkout-step__payment">
          {payment.method === 'expressPay' ? (
            <>
              <WalletMark /> {t('payment.express')}
            </>
          ) : (
            <>
              {t('payment.cardSummary', {
                brand: t(`payment.brand.${cardBrand(cardDigits(payment.card.number))}`),
                last4: cardDigits(payment.card.number).slice(-4),
              })}
              <span className="checkout-hint">
                {' '}
                · {t('payment.expirySummary', { expiry: payment.card.expiry.replace(/\s/g, '') })}
              </span>
            </>
          )}
        </p>
      ),
      review: null,
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the summaries follow the form's values; t and the card helpers change with the language, which re-renders the page
  }, [contact, delivery, payment, option, options, format]);

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
          <div className="checkout-review">
            <p className="checkout-hint">{t('review.intro')}</p>
            {messages.review && (
              <FormMessage>
                <p>{messages.review}</p>
                {toBasket && (
                  <p>
                    <Link to={localize('/basket')}>{t('backToBag')}</Link>
                  </p>
                )}
              </FormMessage>
            )}
            <div className="checkout-review__lines">
              <h3 className="checkout-subtitle">{t('review.items')}</h3>
              <SummaryLines lines={basketLines(options.basket)} currency={currency} compact />
            </div>
            <Totals totals={totals} currency={currency} taxIncluded={options.taxIncluded} />
            <CheckboxField
              name="acceptTerms"
              isSelected={acceptTerms}
              onChange={(v) => {
                setAcceptTerms(v);
                setTermsError(false);
              }}
              isRequired
              error={termsError ? t('review.termsRequired') : undefined}
            >
              <Trans
                t={t}
                i18nKey="review.terms"
                components={[
                  <Link key="terms" to={localize('/legal/terms-and-conditions')} target="_blank" rel="noopener" />,
                  <Link key="privacy" to={localize('/legal/privacy-policy')} target="_blank" rel="noopener" />,
                ]}
              />
            </CheckboxField>
            {waiting && (
              <p className="checkout-hint" role="status">
                {t('review.retrying')}
              </p>
            )}
            {challenge && !authOpen ? (
              // The bank still waits for the code: the order is placed and held until it is given (or expires).
              <div className="checkout-resume">
                <p>{t('payment.pendingAuthentication')}</p>
                <Button onPress={() => setAuthOpen(true)}>{t('payment.resumeAuthentication')}</Button>
              </div>
            ) : (
              <Button
                size="lg"
                isFullWidth
                onPress={() => void place()}
                isPending={placing}
                pendingLabel={t('review.placing')}
                className="checkout-review__place"
              >
                {t('review.placeOrder')} · {money(totals.total)}
              </Button>
            )}
            <p className="checkout-hint checkout-review__secure">
              <LockIcon /> {t('payment.secureNote')}
            </p>
          </div>
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
