import { useTranslation } from '../../../lib/i18n-react';
import { Dialog } from '../../../components/ui/dialog';
import type { Schemas } from '../../../lib/api-client';
import { useMarket } from '../../../lib/market-context';
import { useBookAppointment } from '../api/store-queries';
import type { Store } from '../store-model';
import { AppointmentForm } from './appointment-form';

export interface AppointmentDialogProps {
  store: Store;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sends the request (stories); the API by default. */
  send?: (body: Schemas['AppointmentRequest']) => Promise<Schemas['Appointment']>;
  now?: Date;
}

/** The "book an appointment" modal (spec §2 modals) of a boutique page. */
export function AppointmentDialog({ store, isOpen, onOpenChange, send, now }: AppointmentDialogProps) {
  const { t } = useTranslation('stores');
  const { locale } = useMarket();
  const booking = useBookAppointment(locale);
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t('appointment.title')}
      closeLabel={t('close')}
      size="lg"
      className="store-dialog"
    >
      <p className="store-dialog__store">{store.name}</p>
      <AppointmentForm
        store={store}
        send={send ?? ((body) => booking.mutateAsync(body))}
        onNavigate={() => onOpenChange(false)}
        onDone={() => onOpenChange(false)}
        {...(now ? { now } : {})}
      />
    </Dialog>
  );
}
