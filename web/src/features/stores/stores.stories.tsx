import type { Story } from '@ladle/react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { ApiError } from '../../lib/api-client';
import { AppointmentForm } from './components/appointment-form';
import { FindInStorePanel } from './components/find-in-store-dialog';
import { ReserveForm } from './components/reserve-form';
import { StoreCard } from './components/store-card';
import { OpeningHours } from './components/store-hours';
import { StoreDetailPage } from './components/store-detail-page';
import { StoreListPage } from './components/store-list-page';
import { StoreKit } from './store-kit';
import {
  STORY_NOW,
  appointmentAnswer,
  cannes,
  countriesFr,
  montaigne,
  nearbyMontaigne,
  pumps,
  pumpsAvailability,
  reservationAnswer,
  storesFr,
  storesJp,
} from './store-story-data';

export default { title: 'Boutiques' };

// Without a server, choosing another country or "nearest to me" ends on the list's error state; the forms
// answer from the story data after half a second.

export const ListFrance: Story = () => (
  <StoreKit>
    <StoreListPage storeList={{ country: 'FR', stores: storesFr }} countries={countriesFr} />
  </StoreKit>
);

export const ListJapan: Story = () => (
  <StoreKit locale="ja-jp" path="/ja-jp/stores">
    <StoreListPage storeList={{ country: 'JP', stores: storesJp }} countries={countriesFr} />
  </StoreKit>
);

/** A market without a boutique (Luxembourg). */
export const ListEmpty: Story = () => (
  <StoreKit>
    <StoreListPage storeList={{ country: 'LU', stores: [] }} countries={countriesFr} />
  </StoreKit>
);

export const Card: Story = () => (
  <StoreKit>
    <div style={{ maxWidth: 360 }}>
      <StoreCard store={montaigne} now={STORY_NOW} />
    </div>
  </StoreKit>
);

/** Cannes closes at lunchtime and on Sundays; the exceptional hours of December follow the week. */
export const Hours: Story = () => (
  <StoreKit>
    <div style={{ maxWidth: 480 }}>
      <OpeningHours store={cannes} now={STORY_NOW} headingId="story-hours" />
    </div>
  </StoreKit>
);

export const DetailMontaigne: Story = () => (
  <StoreKit path="/fr-fr/stores/saint-laurent-avenue-montaigne-1042">
    <StoreDetailPage
      store={montaigne}
      nearbyStores={nearbyMontaigne}
      sendAppointment={appointmentAnswer}
      now={STORY_NOW}
    />
  </StoreKit>
);

export const DetailGinzaJapanese: Story = () => (
  <StoreKit locale="ja-jp" path="/ja-jp/stores">
    <StoreDetailPage
      store={storesJp.find((s) => s.id === '1701')!}
      nearbyStores={storesJp.filter((s) => s.id !== '1701').slice(0, 3)}
      sendAppointment={appointmentAnswer}
      now={STORY_NOW}
    />
  </StoreKit>
);

/** The appointment form of the flagship (every reason); dates from 2 December, times of each day. */
export const Appointment: Story = () => (
  <StoreKit>
    <div style={{ maxWidth: 720 }}>
      <AppointmentForm store={montaigne} send={appointmentAnswer} now={STORY_NOW} />
    </div>
  </StoreKit>
);

/** Whatever is sent, the server refuses the time (400 ERR_STORE_API_1002 on body/time). */
export const AppointmentRefused: Story = () => (
  <StoreKit>
    <div style={{ maxWidth: 720 }}>
      <AppointmentForm
        store={cannes}
        now={STORY_NOW}
        send={async () => {
          await new Promise((r) => setTimeout(r, 400));
          throw new ApiError(400, {
            type: 'https://errors.storefront.dev/ERR_STORE_API_1002',
            title: 'ERR_STORE_API_1002',
            status: 400,
            code: 'ERR_STORE_API_1002',
            errors: [{ path: 'body/time', message: 'must be at least 24 hours ahead' }],
          });
        }}
      />
    </div>
  </StoreKit>
);

function FindInStoreStory({
  state = 'ready',
  initialSize = null,
}: {
  state?: 'ready' | 'loading' | 'error';
  initialSize?: string | null;
}) {
  const [open, setOpen] = useState(true);
  const [size, setSize] = useState<string | null>(initialSize);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Find in boutique</Button>
      <Dialog
        isOpen={open}
        onOpenChange={setOpen}
        title="Trouver en boutique"
        closeLabel="Fermer"
        size="lg"
        className="store-dialog"
      >
        <FindInStorePanel
          product={pumps}
          stores={state === 'loading' ? null : storesFr}
          availability={state === 'ready' ? pumpsAvailability : null}
          state={state}
          onRetry={() => undefined}
          size={size}
          onSizeChange={setSize}
          sendReservation={reservationAnswer}
          onClose={() => setOpen(false)}
        />
      </Dialog>
    </>
  );
}

/** The pumps in the French boutiques: choose a size, then "Reserve" in a boutique that holds it. */
export const FindInStore: Story = () => (
  <StoreKit path="/fr-fr/pr/x-6YSJN6NED8R0.html">
    <FindInStoreStory />
  </StoreKit>
);

export const FindInStoreSizeChosen: Story = () => (
  <StoreKit path="/fr-fr/pr/x-6YSJN6NED8R0.html">
    <FindInStoreStory initialSize="39" />
  </StoreKit>
);

export const FindInStoreLoading: Story = () => (
  <StoreKit path="/fr-fr/pr/x-6YSJN6NED8R0.html">
    <FindInStoreStory state="loading" />
  </StoreKit>
);

export const FindInStoreUnavailable: Story = () => (
  <StoreKit path="/fr-fr/pr/x-6YSJN6NED8R0.html">
    <FindInStoreStory state="error" />
  </StoreKit>
);

export const Reserve: Story = () => (
  <StoreKit>
    <div style={{ maxWidth: 640 }}>
      <ReserveForm store={montaigne} pid={pumps.id} size="39" allowTwo send={reservationAnswer} />
    </div>
  </StoreKit>
);
