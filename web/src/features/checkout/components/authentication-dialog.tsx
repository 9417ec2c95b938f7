import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormMessage } from '../../../components/ui/form-message';
import { TextField } from '../../../components/ui/text-field';

export interface AuthenticationDialogProps {
  isOpen: boolean;
  /** Closing leaves the challenge open: the payment step offers to come back to it. */
  onOpenChange: (open: boolean) => void;
  /** The amount asked, formatted. */
  amount: string;
  /** When the issuer's request expires, formatted (the time of day). */
  expiresAt: string;
  onConfirm: (code: string) => void;
  isPending: boolean;
  /** The translated refusal of the last code sent. */
  error?: string | undefined;
}

/**
 * The card issuer's authentication (strong customer authentication): the shopper types the code the bank
 * sent, and "Confirm" answers POST /api/checkout/authenticate.
 */
export function AuthenticationDialog({
  isOpen,
  onOpenChange,
  amount,
  expiresAt,
  onConfirm,
  isPending,
  error,
}: AuthenticationDialogProps) {
  const { t } = useTranslation('checkout');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.replace(/\s/g, '');
    if (!/^\d{4,8}$/.test(value)) return setInvalid(true);
    setInvalid(false);
    onConfirm(value);
  };
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t('authentication.title')}
      closeLabel={t('common:close')}
      isDismissable={false}
      className="checkout-authentication"
    >
      <form className="checkout-authentication__form" onSubmit={submit} noValidate>
        <p className="checkout-authentication__text">{t('authentication.text', { amount })}</p>
        {error && <FormMessage>{error}</FormMessage>}
        <TextField
          name="authentication-code"
          label={t('authentication.code')}
          value={code}
          onChange={(v) => {
            setCode(v.replace(/[^\d\s]/g, '').slice(0, 9));
            setInvalid(false);
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          isRequired
          ltr
          maxLength={9}
          error={invalid ? t('authentication.codeInvalid') : undefined}
          description={t('authentication.expires', { time: expiresAt })}
        />
        <div className="checkout-authentication__buttons">
          <Button
            type="submit"
            size="lg"
            isFullWidth
            isPending={isPending}
            pendingLabel={t('authentication.confirming')}
          >
            {t('authentication.confirm')}
          </Button>
          <Button variant="tertiary" onPress={() => onOpenChange(false)}>
            {t('authentication.later')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
