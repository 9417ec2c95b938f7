// The account's calls over the typed client: queries (the customer, the country address formats, the
// registration form) and mutations (sign in, register, activation, passwords, profile and address book).
// Queries inherit the app's defaults (spec §7: no retry, no refetch on focus). Personal answers are
// never kept for long, and every change refreshes the account pages' data.
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap, type Schemas } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';

type Result = { error?: unknown; response: Response };

/** A 204 answer: nothing to read; anything else not ok becomes ApiError (as `unwrap` does for JSON answers). */
export function noContent(result: Result): void {
  if (result.response.ok) return;
  const err = result.error as Schemas['Problem'] | undefined;
  throw new ApiError(result.response.status, err && typeof err === 'object' && 'code' in err ? err : undefined);
}

// ---- queries ------------------------------------------------------------------------------------

/** The signed-in customer (profile and address book), for `clientId` and the whole address book. */
export const customerQuery = (locale: string) =>
  queryOptions({
    queryKey: ['customer', locale] as const,
    queryFn: async () => unwrap(await api.GET('/api/data/customer', { params: { query: { locale } } })),
    staleTime: 0,
  });

/** How addresses of one country are entered and checked (cacheable for a day). */
export const countryAddressFormatQuery = (locale: string, country: string) =>
  queryOptions({
    queryKey: ['country-address-format', locale, country] as const,
    queryFn: async () =>
      unwrap(await api.GET('/api/data/country-addresses', { params: { query: { locale, country } } })),
    staleTime: 24 * 60 * 60_000,
  });

export function useCountryAddressFormat(locale: string, country: string, enabled = true) {
  return useQuery({ ...countryAddressFormatQuery(locale, country), enabled: enabled && /^[A-Z]{2}$/.test(country) });
}

/** The market's registration form; the sign-up page's data already holds it, so it seeds the query. */
export const registerFormQuery = (locale: string) =>
  queryOptions({
    queryKey: ['register-form', locale] as const,
    queryFn: async () => unwrap(await api.GET('/api/register/get-data', { params: { query: { locale } } })),
    staleTime: 10 * 60_000,
  });

export function useRegisterForm(locale: string, initialData?: Schemas['RegisterFormData']) {
  return useQuery({ ...registerFormQuery(locale), ...(initialData ? { initialData } : {}) });
}

// ---- after a change -----------------------------------------------------------------------------

const isAccountPage = (key: readonly unknown[]) =>
  key[0] === 'page' && typeof key[1] === 'string' && /^\/ssr\/(myaccount|signin|signup)\b/.test(key[1]);
const isPersonal = (key: readonly unknown[]) =>
  key[0] === 'customer' || key[0] === 'customer-session' || key[0] === 'basket';

/** After a profile or address book change: the account pages' data is read again when next shown. */
export function refreshAccountPages(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: (q) => isAccountPage(q.queryKey) || q.queryKey[0] === 'customer' });
}

/**
 * After signing in or out: nothing personal of the previous state is shown again (the basket was merged or
 * left). The page on screen keeps its data (it is left right after); every other account page is forgotten.
 */
export function forgetPersonalData(queryClient: QueryClient) {
  queryClient.removeQueries({
    type: 'inactive',
    predicate: (q) => isAccountPage(q.queryKey) || q.queryKey[0] === 'customer',
  });
  return queryClient.invalidateQueries({ predicate: (q) => isPersonal(q.queryKey) });
}

// ---- mutations ----------------------------------------------------------------------------------

export function useLogin(locale: string) {
  return useMutation({
    mutationFn: async (body: Schemas['LoginRequest']) =>
      unwrap(await api.POST('/api/auth/login', { params: { query: { locale } }, body })),
  });
}

export function useRegister(locale: string) {
  return useMutation({
    mutationFn: async (body: Schemas['RegisterRequest']) =>
      noContent(await api.POST('/api/register', { params: { query: { locale } }, body })),
  });
}

/** Sends the activation e-mail again (`email` form) or confirms an activation (`userId` + `activationToken`). */
export function useActivateAccount(locale: string) {
  return useMutation({
    mutationFn: async (body: Schemas['AccountActivationRequest']) =>
      noContent(await api.POST('/api/account/activate', { params: { query: { locale } }, body })),
  });
}

export function useRequestPasswordReset(locale: string) {
  return useMutation({
    mutationFn: async (body: Schemas['PasswordResetRequest']) =>
      noContent(await api.POST('/api/password/reset', { params: { query: { locale } }, body })),
  });
}

export function useChangePassword(locale: string) {
  return useMutation({
    mutationFn: async (body: Schemas['PasswordChangeRequest']) =>
      noContent(await api.POST('/api/password/change', { params: { query: { locale } }, body })),
  });
}

export function useChangeExpiredPassword(locale: string) {
  return useMutation({
    mutationFn: async (body: Schemas['PasswordChangeExpiredRequest']) =>
      noContent(await api.POST('/api/password/change-expired', { params: { query: { locale } }, body })),
  });
}

/** POST /api/data/cdb/update-customer; the account pages are read again afterwards. */
export function useUpdateCustomer(locale: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['CustomerUpdateRequest']) =>
      unwrap(await api.POST('/api/data/cdb/update-customer', { params: { query: { locale } }, body })),
    onSuccess: (customer) => {
      queryClient.setQueryData(customerQuery(locale).queryKey, customer);
      void refreshAccountPages(queryClient);
    },
  });
}

/**
 * Updates the address book from the customer's current one (read just before, so that a change made in
 * another tab is not undone): `change` gives the new book, and the index of the address the form edits.
 */
export function useUpdateAddressBook(locale: string) {
  const queryClient = useQueryClient();
  const update = useUpdateCustomer(locale);
  return {
    ...update,
    /** Reads the customer, applies `change`, sends the whole book; resolves to the index `change` names. */
    saveBook: async (change: (book: Schemas['Address'][]) => { addresses: Schemas['Address'][]; index: number }) => {
      const customer = await queryClient.fetchQuery({ ...customerQuery(locale), staleTime: 0 });
      const { addresses, index } = change(customer.addresses);
      return { index, customer: await update.mutateAsync({ clientId: customer.clientId, addresses }) };
    },
  };
}

// ---- signing out ---------------------------------------------------------------------------------

/** Sign-out of the customer service contract (`GET /logout` under its base path; see openapi/customer-service). */
export const LOGOUT_URL = '/customer-service/v1/logout';

/**
 * Signs out. A session already signed out (401 ERR_API_1022) counts as done: the shopper wanted to be
 * signed out and is. Other failures become ApiError.
 */
export async function signOut(fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args)): Promise<void> {
  let response: Response;
  try {
    response = await fetchImpl(LOGOUT_URL, {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, undefined);
  }
  if (response.ok || response.status === 401) return;
  const body = (await response.json().catch(() => undefined)) as Schemas['Problem'] | undefined;
  throw new ApiError(response.status, body && typeof body === 'object' && 'code' in body ? body : undefined);
}

/** The signed-out page forgets the account's data once the account page is left (see SignedOutPage). */
export function useSignOut() {
  return useMutation({ mutationFn: () => signOut() });
}
