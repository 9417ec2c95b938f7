// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Schemas } from '../../../lib/api-client';
import { StoreKit } from '../store-kit';
import {
  STORY_NOW,
  appointmentAnswer,
  montaigne,
  pumps,
  pumpsAvailability,
  reservationAnswer,
  storesFr,
} from '../store-story-data';
import { AppointmentForm } from './appointment-form';
import { FindInStorePanel } from './find-in-store-dialog';
import { StoreListPage } from './store-list-page';

afterEach(cleanup);

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const pick = (name: RegExp | string) => fireEvent.click(screen.getByRole('radio', { name }));

function fillDetails() {
  pick('Mme');
  type(/^Prénom/, 'Camille');
  type(/^Nom/, 'Lefèvre');
  type(/^E-mail/, 'Camille@Example.fr');
  type(/^Téléphone/, '06 12 34 56 78');
  fireEvent.click(screen.getByRole('checkbox'));
}

describe('store list', () => {
  it('groups the boutiques by city, each with its page link, services and telephone', () => {
    render(
      <StoreKit>
        <StoreListPage
          storeList={{ country: 'FR', stores: storesFr }}
          countries={[{ country: 'FR', name: 'France', storeCount: 5 }]}
        />
      </StoreKit>,
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Cannes', 'Paris']);
    const card = screen.getAllByTestId('store-card').find((c) => c.dataset.storeId === '1042')!;
    expect(within(card).getByRole('link', { name: 'Saint Laurent Avenue Montaigne' }).getAttribute('href')).toBe(
      '/fr-fr/stores/saint-laurent-avenue-montaigne-1042',
    );
    expect(within(card).getByRole('link', { name: '+33 1 53 83 70 00' }).getAttribute('href')).toBe('tel:+33153837000');
    expect(within(card).getByRole('list').textContent).toContain('Rendez-vous');
    // The country is the list's: not repeated on each card.
    expect(within(card).getByText('75008 Paris')).toBeTruthy();
    expect(within(card).queryByText('France')).toBeNull();
  });
});

describe('find in store', () => {
  function Panel({
    size,
    onSizeChange,
    send,
  }: {
    size: string | null;
    onSizeChange?: (s: string) => void;
    send?: (b: Schemas['ReservationRequest']) => Promise<Schemas['Reservation']>;
  }) {
    return (
      <StoreKit path="/fr-fr/pr/x-6YSJN6NED8R0.html">
        <FindInStorePanel
          product={pumps}
          stores={storesFr}
          availability={pumpsAvailability}
          state="ready"
          onRetry={() => undefined}
          size={size}
          onSizeChange={onSizeChange ?? (() => undefined)}
          sendReservation={send ?? reservationAnswer}
          onClose={() => undefined}
        />
      </StoreKit>
    );
  }

  it('asks for a size before offering to reserve, and lists the boutiques that hold it first', () => {
    const onSizeChange = vi.fn();
    const { rerender } = render(<Panel size={null} onSizeChange={onSizeChange} />);
    expect(screen.queryByRole('button', { name: /^Réserver à/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /^39/ }));
    expect(onSizeChange).toHaveBeenCalledWith('39');
    rerender(<Panel size="39" />);
    const rows = [...document.querySelectorAll<HTMLElement>('.find-store__row')];
    const statuses = rows.map((r) => r.dataset.status);
    const firstUnavailable = statuses.indexOf('unavailable');
    expect(firstUnavailable).toBeGreaterThan(0);
    expect(statuses.slice(firstUnavailable).every((s) => s === 'unavailable')).toBe(true);
    // Only boutiques that take reservations and hold the size offer it.
    for (const row of rows) {
      const store = storesFr.find((s) => s.id === row.dataset.storeId)!;
      const offered = within(row).queryByRole('button', { name: /^Réserver à/ }) !== null;
      expect(offered, store.name).toBe(
        row.dataset.status !== 'unavailable' && store.services.includes('reserveInStore'),
      );
    }
  });

  it('reserves the size in a boutique and shows the reference', async () => {
    const send = vi.fn(reservationAnswer);
    render(<Panel size="39" send={send} />);
    const button = screen.getAllByRole('button', { name: /^Réserver à/ })[0]!;
    const storeId = button.closest<HTMLElement>('.find-store__row')!.dataset.storeId!;
    fireEvent.click(button);
    expect(screen.getByText(/Escarpins Opyum en cuir verni, taille 39/)).toBeTruthy();
    fillDetails();
    await act(async () => void fireEvent.submit(document.querySelector('form.store-form')!));
    await waitFor(() => expect(screen.getByTestId('reservation-done')).toBeTruthy());
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({
        storeId,
        pid: pumps.id,
        size: '39',
        civility: 'MRS',
        email: 'camille@example.fr',
        phone: '+33612345678',
        consent: true,
        recaptchaToken: 'test-recaptcha-token',
      }),
    );
    expect(screen.getByText('Référence RES-20261201-8LM2VC')).toBeTruthy();
  });
});

describe('appointment form', () => {
  it('sends the reason, a bookable date and time, the details and the channel', { timeout: 20_000 }, async () => {
    const send = vi.fn(appointmentAnswer);
    render(
      <StoreKit path="/fr-fr/stores/saint-laurent-avenue-montaigne-1042">
        <AppointmentForm store={montaigne} send={send} now={STORY_NOW} />
      </StoreKit>,
    );
    // Today (1 December) cannot be booked: the first day is the 2nd.
    expect((screen.getByRole('radio', { name: /mardi 1 décembre/ }) as HTMLInputElement).disabled).toBe(true);
    await act(async () => void fireEvent.submit(document.querySelector('form.store-form')!));
    expect(screen.getByText('Veuillez choisir une date.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    pick('Séance de shopping privé');
    pick(/jeudi 3 décembre/);
    pick('15:00');
    fillDetails();
    pick('Téléphone');
    await act(async () => void fireEvent.submit(document.querySelector('form.store-form')!));
    await waitFor(() => expect(screen.getByTestId('appointment-done')).toBeTruthy());
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({
        storeId: '1042',
        reason: 'personalShopping',
        date: '2026-12-03',
        time: '15:00',
        preferredChannel: 'phoneCall',
        firstName: 'Camille',
        phone: '+33612345678',
        consent: true,
      }),
    );
    expect(screen.getByText(/jeu\. 3 déc\. à 15:00/)).toBeTruthy();
  });
});
