import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Button } from '../../../components/ui/button';
import { ChoiceCards } from '../../../components/ui/choice-cards';
import { FormMessage } from '../../../components/ui/form-message';
import { TextField } from '../../../components/ui/text-field';
import {
  cardBrand,
  cardDigits,
  formatCardNumber,
  formatExpiry,
  TEST_WALLET_TOKEN,
  validateCard,
  type CardErrors,
  type CardValues,
  type PaymentChoice,
} from '../checkout-model';
import { focusFirstInvalid } from './focus';
import type { Schemas } from '../../../lib/api-client';

export interface PaymentDraft {
  method: Schemas['PaymentMethod'];
  card: CardValues;
}

export interface PaymentStepProps {
  draft: PaymentDraft;
  onChange: (draft: PaymentDraft) => void;
  /** The express checkout's wallet is offered (the bag was filled from "Express checkout"). */
  express: boolean;
  message?: string | undefined;
  /** An authentication the shopper left open: the step offers to come back to it. */
  onResumeAuthentication?: (() => void) | undefined;
  onDone: (choice: PaymentChoice) => void;
  today?: Date;
}

/** The pictogram of the express wallet: a dark pill with a wallet, as the wallets draw their buttons. */
export function WalletMark() {
  return (
    <span className="wallet-mark" aria-hidden="true">
      <svg viewBox="0 0 24 16" focusable="false">
        <rect x="2.5" y="2.5" width="19" height="11" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
        <path d="M2.5 6h19" stroke="currentColor" strokeWidth="1.2" />
        <rect x="15" y="9" width="4" height="2" fill="currentColor" />
      </svg>
    </span>
  );
}

/**
 * Step 3: the card (number in groups as printed, expiry `MM / YY`, security code, holder's name — the
 * browser's autofill fills them), or the express wallet. Card numbers never leave this form except to the
 * placement, and are never kept.
 */
export function PaymentStep({
  draft,
  onChange,
  express,
  message,
  onResumeAuthentication,
  onDone,
  today = new Date(),
}: PaymentStepProps) {
  const { t } = useTranslation('checkout');
  const [errors, setErrors] = useState<CardErrors>({});
  const previousExpiry = useRef(draft.card.expiry);
  const brand = cardBrand(cardDigits(draft.card.number));
  const setCard = (field: keyof CardValues, value: string) => {
    onChange({ ...draft, card: { ...draft.card, [field]: value } });
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (draft.method === 'expressPay') return onDone({ method: 'expressPay', walletToken: TEST_WALLET_TOKEN });
    const found = validateCard(draft.card, today);
    setErrors(found);
    if (Object.keys(found).length) return focusFirstInvalid(e.currentTarget);
    onDone({ method: 'card', card: draft.card });
  };
  const error = (field: keyof CardValues) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <form className="checkout-form" onSubmit={submit} noValidate aria-labelledby="checkout-step-payment">
      {message && <FormMessage>{message}</FormMessage>}
      {onResumeAuthentication && (
        <div className="checkout-resume">
          <p>{t('payment.pendingAuthentication')}</p>
          <Button variant="secondary" onPress={onResumeAuthentication}>
            {t('payment.resumeAuthentication')}
          </Button>
        </div>
      )}
      {express && (
        <ChoiceCards
          name="paymentMethod"
          label={t('payment.method')}
          value={draft.method}
          onChange={(method) => onChange({ ...draft, method: method as PaymentDraft['method'] })}
          items={[
            { id: 'expressPay', title: t('payment.express'), detail: t('payment.expressHint'), aside: <WalletMark /> },
            { id: 'card', title: t('payment.card') },
          ]}
        />
      )}
      {draft.method === 'card' && (
        <div className="checkout-card">
          <TextField
            name="cardNumber"
            label={t('payment.cardNumber')}
            value={draft.card.number}
            onChange={(v) => setCard('number', formatCardNumber(v))}
            autoComplete="cc-number"
            inputMode="numeric"
            isRequired
            ltr
            maxLength={23}
            error={error('number')}
            description={brand !== 'unknown' ? t(`payment.brand.${brand}`) : undefined}
            className="checkout-card__number"
          />
          <div className="checkout-form__row" data-fields="2">
            <TextField
              name="cardExpiry"
              label={t('payment.expiry')}
              value={draft.card.expiry}
              onChange={(v) => {
                const next = formatExpiry(v, previousExpiry.current);
                previousExpiry.current = next;
                setCard('expiry', next);
              }}
              autoComplete="cc-exp"
              inputMode="numeric"
              placeholder={t('payment.expiryHint')}
              isRequired
              ltr
              maxLength={9}
              error={error('expiry')}
            />
            <TextField
              name="cardCvc"
              label={t('payment.cvc')}
              value={draft.card.cvc}
              onChange={(v) => setCard('cvc', v.replace(/\D/g, '').slice(0, 4))}
              autoComplete="cc-csc"
              inputMode="numeric"
              isRequired
              ltr
              maxLength={4}
              error={error('cvc')}
              description={brand === 'amex' ? t('payment.cvcHintAmex') : t('payment.cvcHint')}
            />
          </div>
          <TextField
            name="cardHolder"
            label={t('payment.holderName')}
            value={draft.card.holderName}
            onChange={(v) => setCard('holderName', v)}
            autoComplete="cc-name"
            isRequired
            maxLength={80}
            error={error('holderName')}
          />
          <p className="checkout-hint checkout-card__secure">
            <LockIcon /> {t('payment.secureNote')}
          </p>
        </div>
      )}
      <Button type="submit" size="lg" className="checkout-form__submit">
        {t('continue')}
      </Button>
    </form>
  );
}

export function LockIcon() {
  return (
    <svg className="checkout-lock" viewBox="0 0 16 16" aria-hidden="true" focusable="false" width="14" height="14">
      <rect x="3" y="7" width="10" height="7" fill="none" stroke="currentColor" strokeWidth="1.1" />
      <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" fill="none" stroke="currentColor" strokeWidth="1.1" />
    </svg>
  );
}
