// Stories and tests only (never imported by the app): boutiques of the store master data (reference/stores)
// shaped as the API answers them, a product of the demo catalogue, its stock, and the answers of the forms.
import { formatAddressLines } from '../../../../reference/markets/addresses';
import { stores as fixtures, type StoreFixture } from '../../../../reference/stores/stores';
import type { Schemas } from '../../lib/api-client';

/** The stories' clock: Tuesday 1 December 2026, 15:00 in Paris. */
export const STORY_NOW = new Date('2026-12-01T14:00:00Z');

const RAW = new Set(['ja', 'ko', 'zh']);
const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A fixture as `GET /api/data/locale-mdm/stores` answers it (special hours of the 60 days after STORY_NOW). */
export function storeOf(
  f: StoreFixture,
  locale = 'fr-fr',
  position?: { latitude: number; longitude: number },
): Schemas['Store'] {
  const language = locale.slice(0, 2) as 'fr';
  const name = f.names?.[language] ?? f.name;
  const address = { ...f.address, ...(f.localizedAddress?.[language] ?? {}) };
  const countryName = new Intl.DisplayNames([language], { type: 'region' }).of(address.country) ?? address.country;
  const today = Date.UTC(2026, 11, 1);
  const specialHours = f.specialHours
    .flatMap((h) =>
      [2026, 2027].map((y) => {
        const [m, d] = h.monthDay.split('-').map(Number) as [number, number];
        return { t: Date.UTC(y, m - 1, d), h };
      }),
    )
    .filter(({ t }) => t >= today && t <= today + 60 * 86_400_000)
    .sort((a, b) => a.t - b.t)
    .map(({ t, h }) => ({
      date: new Date(t).toISOString().slice(0, 10),
      label: h.label[language] ?? h.label.en,
      periods: h.periods,
    }));
  const store: Schemas['Store'] = {
    id: f.id,
    name,
    brand: f.brand,
    type: f.type,
    url: `/${locale}/stores/${RAW.has(language) && f.names?.[language] ? encodeURIComponent(name) : slug(name)}-${f.id}`,
    address: { ...address, formatted: formatAddressLines(address, { countryName, language }) },
    coordinates: { latitude: f.latitude, longitude: f.longitude },
    timeZone: f.timeZone,
    phone: f.phone,
    ...(f.email ? { email: f.email } : {}),
    openingHours: f.openingHours,
    specialHours,
    services: f.services,
  };
  if (position) {
    const rad = (x: number) => (x * Math.PI) / 180;
    const h =
      Math.sin(rad(f.latitude - position.latitude) / 2) ** 2 +
      Math.cos(rad(position.latitude)) *
        Math.cos(rad(f.latitude)) *
        Math.sin(rad(f.longitude - position.longitude) / 2) ** 2;
    store.distanceKm = Math.round(2 * 6371 * Math.asin(Math.sqrt(h)) * 10) / 10;
  }
  return store;
}

const ysl = fixtures.filter((f) => f.brand === 'ysl');
const byCity = (a: Schemas['Store'], b: Schemas['Store']) =>
  a.address.city.localeCompare(b.address.city, 'fr') || a.name.localeCompare(b.name, 'fr');

export const storesFr: Schemas['Store'][] = ysl
  .filter((f) => f.address.country === 'FR')
  .map((f) => storeOf(f))
  .sort(byCity);
export const storesJp: Schemas['Store'][] = ysl
  .filter((f) => f.address.country === 'JP')
  .map((f) => storeOf(f, 'ja-jp'))
  .sort(byCity);
export const montaigne = storesFr.find((s) => s.id === '1042')!;
export const cannes = storesFr.find((s) => s.id === '1044')!;

export const countriesFr: Schemas['StoreListPageData']['countries'] = [...new Set(ysl.map((f) => f.address.country))]
  .map((c) => ({
    country: c,
    name: new Intl.DisplayNames(['fr'], { type: 'region' }).of(c) ?? c,
    storeCount: ysl.filter((f) => f.address.country === c).length,
  }))
  .sort((a, b) => a.name.localeCompare(b.name, 'fr'));

export const nearbyMontaigne: Schemas['Store'][] = ysl
  .filter((f) => f.address.country === 'FR' && f.id !== '1042')
  .map((f) => storeOf(f, 'fr-fr', montaigne.coordinates))
  .sort((a, b) => (a.distanceKm ?? 0) - (b.distanceKm ?? 0))
  .slice(0, 3);

/** A pair of pumps with six sizes. */
export const pumps = {
  id: '6YSJN6NED8R0',
  name: 'Escarpins Opyum en cuir verni',
  sizes: ['35', '36', '37', '38', '39', '40', '41'].map((s) => ({ id: s, displayValue: s })),
};

const level = (i: number, j: number): Schemas['StoreStockStatus'] =>
  (['available', 'limited', 'unavailable', 'unavailable', 'limited'] as const)[(i * 3 + j * 2) % 5]!;

/** Their stock in the French boutiques: some hold every size, the rive droite boutique none. */
export const pumpsAvailability: Schemas['StoreProductAvailability'] = {
  pid: pumps.id,
  size: null,
  stores: storesFr.map((s, i) => {
    const sizes = pumps.sizes.map((z, j) => ({
      size: z.id,
      status: s.type === 'rive-droite' || z.id === '38' ? ('unavailable' as const) : level(i, j),
    }));
    const status = sizes.some((x) => x.status === 'available')
      ? 'available'
      : sizes.some((x) => x.status === 'limited')
        ? 'limited'
        : 'unavailable';
    return {
      storeId: s.id,
      name: s.name,
      status,
      canReserve: s.services.includes('reserveInStore') && status !== 'unavailable',
      sizes,
    };
  }),
};

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The server's answer to a reservation (after a short wait, as over a network). */
export async function reservationAnswer(body: Schemas['ReservationRequest']): Promise<Schemas['Reservation']> {
  await wait(500);
  const store = storesFr.find((s) => s.id === body.storeId) ?? montaigne;
  return {
    reservationId: 'RES-20261201-8LM2VC',
    status: 'requested',
    storeId: store.id,
    storeName: store.name,
    pid: body.pid,
    productName: pumps.name,
    size: body.size,
    quantity: body.quantity ?? 1,
    createdAt: STORY_NOW.toISOString(),
    holdUntil: '2026-12-04T19:30:00+01:00',
  };
}

/** The server's answer to an appointment request. */
export async function appointmentAnswer(body: Schemas['AppointmentRequest']): Promise<Schemas['Appointment']> {
  await wait(500);
  return {
    appointmentId: 'APT-20261201-5DV9NE',
    status: 'requested',
    storeId: body.storeId,
    storeName: montaigne.name,
    reason: body.reason,
    startsAt: `${body.date}T${body.time}:00+01:00`,
    durationMinutes: 60,
    createdAt: STORY_NOW.toISOString(),
  };
}
