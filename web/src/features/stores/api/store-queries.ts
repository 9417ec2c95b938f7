// The boutiques' calls over the typed client: the boutiques of a country (nearest first from a position), a
// product's stock in boutiques, and the two requests a client sends a boutique (reservation, appointment).
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type Schemas } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';

export interface Position {
  latitude: number;
  longitude: number;
}

export const storesQuery = (locale: string, country: string, position: Position | null) =>
  queryOptions({
    queryKey: ['stores', locale, country, position?.latitude ?? null, position?.longitude ?? null] as const,
    queryFn: async () => {
      const query: { locale: string; country: string; latitude?: number; longitude?: number } = { locale, country };
      if (position) Object.assign(query, position);
      return unwrap(await api.GET('/api/data/locale-mdm/stores', { params: { query } }));
    },
    // Store master data: the server lets it be cached 10 minutes.
    staleTime: 10 * 60_000,
  });

/** The boutiques of a country; `initial` is the list the page was rendered with (no fetch for it). */
export function useStores(
  locale: string,
  country: string,
  position: Position | null,
  options: { enabled?: boolean; initial?: Schemas['StoreList'] } = {},
) {
  return useQuery({
    ...storesQuery(locale, country, position),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
    ...(options.initial && options.initial.country === country && !position ? { initialData: options.initial } : {}),
  });
}

/** "Find in store": the product's stock (one size, or every size) in up to 20 boutiques. Live, never cached long. */
export function useStoreAvailability(
  locale: string,
  pid: string,
  size: string | null,
  storeIds: string[],
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['store-availability', locale, pid, size, storeIds] as const,
    queryFn: async () =>
      unwrap(
        await api.POST('/api/data/stores/product-availability', {
          params: { query: { locale } },
          body: size ? { pid, size, storeIds } : { pid, storeIds },
        }),
      ),
    enabled: enabled && storeIds.length > 0,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
}

export async function reserveInStore(
  locale: string,
  body: Schemas['ReservationRequest'],
): Promise<Schemas['Reservation']> {
  return unwrap(await api.POST('/api/store/reserve-product', { params: { query: { locale } }, body }));
}

export function useReserveInStore(locale: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['ReservationRequest']) => reserveInStore(locale, body),
    // The reserved units are held: the boutiques' stock shown next is read again.
    onSuccess: () => client.invalidateQueries({ queryKey: ['store-availability'] }),
  });
}

export async function bookAppointment(
  locale: string,
  body: Schemas['AppointmentRequest'],
): Promise<Schemas['Appointment']> {
  return unwrap(await api.POST('/api/store/appointment', { params: { query: { locale } }, body }));
}

export function useBookAppointment(locale: string) {
  return useMutation({ mutationFn: (body: Schemas['AppointmentRequest']) => bookAppointment(locale, body) });
}
