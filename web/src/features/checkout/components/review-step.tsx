import { Trans, useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormMessage } from '../../../components/ui/form-message';
import { useLocalizePath } from '../../../lib/market-context';
import { Totals } from '../../../components/order-totals';
import type { CheckoutOptions, Totals as OrderTotals } from '../checkout-model';
import { basketLines, SummaryLines } from './order-summary';
import { LockIcon } from './payment-step';

export interface ReviewStepProps {
  basket: CheckoutOptions['basket'];
  currency: string;
  totals: OrderTotals;
  taxIncluded: boolean;
  /** The refusal of the last placement, if any, and whether it sends the shopper back to the bag. */
  message: string | undefined;
  toBasket: boolean;
  acceptTerms: boolean;
  onAcceptTerms: (accepted: boolean) => void;
  termsError: boolean;
  /** The placement is being tried again after a network failure. */
  waiting: boolean;
  /** The bank waits for a code and its dialog is closed: the step offers to reopen it instead of placing. */
  pendingAuthentication: boolean;
  onResumeAuthentication: () => void;
  onPlace: () => void;
  placing: boolean;
  /** The order's total, formatted. */
  total: string;
}

/** The last step of the checkout: the lines, the totals, the terms and the button that places the order. */
export function ReviewStep({
  basket,
  currency,
  totals,
  taxIncluded,
  message,
  toBasket,
  acceptTerms,
  onAcceptTerms,
  termsError,
  waiting,
  pendingAuthentication,
  onResumeAuthentication,
  onPlace,
  placing,
  total,
}: ReviewStepProps) {
  const { t } = useTranslation('checkout');
  const localize = useLocalizePath();
  return (
    <div className="checkout-review">
      <p className="checkout-hint">{t('review.intro')}</p>
      {message && (
        <FormMessage>
          <p>{message}</p>
          {toBasket && (
            <p>
              <Link to={localize('/basket')}>{t('backToBag')}</Link>
            </p>
          )}
        </FormMessage>
      )}
      <div className="checkout-review__lines">
        <h3 className="checkout-subtitle">{t('review.items')}</h3>
        <SummaryLines lines={basketLines(basket)} currency={currency} compact />
      </div>
      <Totals totals={totals} currency={currency} taxIncluded={taxIncluded} />
      <CheckboxField
        name="acceptTerms"
        isSelected={acceptTerms}
        onChange={onAcceptTerms}
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
      {pendingAuthentication ? (
        // The bank still waits for the code: the order is placed and held until it is given (or expires).
        <div className="checkout-resume">
          <p>{t('payment.pendingAuthentication')}</p>
          <Button onPress={onResumeAuthentication}>{t('payment.resumeAuthentication')}</Button>
        </div>
      ) : (
        <Button
          size="lg"
          isFullWidth
          onPress={onPlace}
          isPending={placing}
          pendingLabel={t('review.placing')}
          className="checkout-review__place"
        >
          {t('review.placeOrder')} · {total}
        </Button>
      )}
      <p className="checkout-hint checkout-review__secure">
        <LockIcon /> {t('payment.secureNote')}
      </p>
    </div>
  );
}
