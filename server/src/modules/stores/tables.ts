import type { Generated } from 'kysely';
import type { Schemas } from '../../shared/http.ts';
import type { StoreFixture } from '../../../../reference/stores/stores.ts';

export type StoreData = StoreFixture;

/** The contract's statuses (generated types, never a copy). */
export type ReservationStatus = Schemas['ReservationStatus'];
export type AppointmentStatus = Schemas['AppointmentStatus'];
/** Statuses whose units are held: counted against the boutique's stock until `hold_until`. */
export const ACTIVE_RESERVATION_STATUSES = [
  'requested',
  'confirmed',
  'ready',
] as const satisfies readonly ReservationStatus[];
/** Statuses of an appointment still expected. */
export const OPEN_APPOINTMENT_STATUSES = ['requested', 'confirmed'] as const satisfies readonly AppointmentStatus[];

export interface StoreTables {
  stores: { id: string; brand: string; country: string; data: StoreData; updated_at: Generated<Date> };
  /** Units of one size (sku) in one boutique (migration 2026-11-25-0011-boutiques). */
  store_stock: { store_id: string; sku: string; quantity: number; updated_at: Generated<Date> };
  store_reservations: {
    id: Generated<number>;
    reference: string;
    store_id: string;
    pid: string;
    sku: string;
    size: string;
    quantity: number;
    status: Generated<ReservationStatus>;
    civility: string;
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    message: string | null;
    customer_id: string | null;
    locale: string;
    hold_until: Date;
    created_at: Generated<Date>;
  };
  store_appointments: {
    id: Generated<number>;
    reference: string;
    store_id: string;
    reason: string;
    starts_at: Date;
    duration_minutes: number;
    pids: Generated<string[]>;
    status: Generated<AppointmentStatus>;
    civility: string;
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    preferred_channel: string | null;
    message: string | null;
    customer_id: string | null;
    locale: string;
    created_at: Generated<Date>;
  };
}
