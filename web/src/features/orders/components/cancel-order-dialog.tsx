import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError, type Schemas } from '../../../lib/api-client';
import { FormMessage } from '../../../components/ui/form-message';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-field';
import { useMarket } from '../../../lib/market-context';
import { useCancelOrder } from '../api/order-queries';
import { CANCEL_COMMENT_MAX, CANCEL_REASONS, type CancelReason } from '../order-model';

export interface CancelOrderDialogProps {
  orderNumber: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onCancelled: (order: Schemas['Order']) => void;
  /** The session is no longer signed in: the page sends the customer to sign in. */
  onSignedOut?: () => void;
}

/** The "cancel order" modal (spec §2): a reason, a comment, then POST /api/data/order/cancel. */
export function CancelOrderDialog({
  orderNumber,
  isOpen,
  onOpenChange,
  onCancelled,
  onSignedOut,
}: CancelOrderDialogProps) {
  const { t } = useTranslation('orders');
  const { locale } = useMarket();
  const cancel = useCancelOrder(locale);
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [comment, setComment] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setReasonError(true);
    setProblem(undefined);
    cancel.mutate(
      { orderNumber, reason, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      {
        onSuccess: (order) => {
          onOpenChange(false);
          onCancelled(order);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 401 && onSignedOut) return onSignedOut();
          setProblem(
            t(`errors:${err instanceof ApiError ? err.code : 'API_UNKNOWN_ERROR'}`, {
              defaultValue: t('errors:API_UNKNOWN_ERROR'),
            }),
          );
        },
      },
    );
  };

  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title={t('cancel.title')} closeLabel={t('common:close')}>
      <form className="order-cancel" onSubmit={submit} noValidate>
        <p className="order-cancel__text">{t('cancel.text', { number: orderNumber })}</p>
        {problem && <FormMessage>{problem}</FormMessage>}
        <SelectField
          name="reason"
          label={t('cancel.reason')}
          items={CANCEL_REASONS.map((id) => ({ id, label: t(`cancel.reasons.${id}`) }))}
          value={reason}
          onChange={(v) => {
            setReason(v as CancelReason);
            setReasonError(false);
          }}
          placeholder={t('cancel.choose')}
          isRequired
          error={reasonError ? t('cancel.reasonRequired') : undefined}
        />
        <TextAreaField
          name="comment"
          label={t('cancel.comment')}
          optionalText={t('optional')}
          value={comment}
          onChange={setComment}
          maxLength={CANCEL_COMMENT_MAX}
          rows={3}
          description={t('cancel.commentHint', { length: [...comment].length, max: CANCEL_COMMENT_MAX })}
        />
        <div className="order-cancel__buttons">
          <Button type="submit" size="lg" isFullWidth isPending={cancel.isPending} pendingLabel={t('cancel.pending')}>
            {t('cancel.confirm')}
          </Button>
          <Button variant="tertiary" onPress={() => onOpenChange(false)}>
            {t('cancel.keep')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
