// The storefront's query client: TanStack Query's, with its options defaulted without object spreads.
//
// Every `useQuery` and `useMutation` asks the client for its options with the defaults merged in, on every render
// (about a dozen times a server-rendered page). The library merges with `{ ...defaults, ...keyDefaults, ...options,
// _defaulted: true }`; on the server's Node 20 (V8 11.3) an object built of spreads and then named fields is made
// field by field at run time, 8 µs a call against 0.2 µs with `Object.assign`, and it was about a tenth of a
// rendered product page's CPU (docs/scaling.md#object-spreads-on-the-servers-node). The browsers' engines make
// either quickly. The methods below answer exactly what the library's answer (`query-client.test.ts` compares
// them, option set by option set, with the library's own methods), only built another way. The server's render
// makes it (`entry-server.tsx`); the browser's bundle keeps the library's client.
import {
  QueryClient,
  hashKey,
  skipToken,
  type DefaultError,
  type DefaultedQueryObserverOptions,
  type MutationOptions,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';

/**
 * A query key's hash as the library's `hashKey` writes it. A key of plain values (strings, numbers, booleans, null:
 * every key of the storefront's pages) is its `JSON.stringify`, which the library's replacer leaves unchanged
 * while calling it once per item; any other key goes to the library.
 */
export function keyHash(queryKey: QueryKey): string {
  for (const part of queryKey) {
    if (part !== null && typeof part === 'object') return hashKey(queryKey);
  }
  return JSON.stringify(queryKey);
}

export class StorefrontQueryClient extends QueryClient {
  /** The server's render: its `useMutation`s answer idle without an observer (`lib/mutation.ts`). */
  readonly serverRender = true;

  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    type Defaulted = DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>;
    if (options._defaulted) return options as Defaulted;
    const defaulted = Object.assign(
      {},
      this.getDefaultOptions().queries,
      this.getQueryDefaults(options.queryKey),
      options,
    ) as Defaulted;
    defaulted._defaulted = true;
    // The library's own completion of the merged options, step by step.
    if (!defaulted.queryHash) defaulted.queryHash = (defaulted.queryKeyHashFn || keyHash)(defaulted.queryKey);
    if (defaulted.refetchOnReconnect === undefined) defaulted.refetchOnReconnect = defaulted.networkMode !== 'always';
    if (defaulted.throwOnError === undefined) defaulted.throwOnError = !!defaulted.suspense;
    if (!defaulted.networkMode && defaulted.persister) defaulted.networkMode = 'offlineFirst';
    if (defaulted.queryFn === skipToken) defaulted.enabled = false;
    return defaulted;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the library's own signature, overridden
  override defaultMutationOptions<T extends MutationOptions<any, any, any, any>>(options?: T): T {
    if (options?._defaulted) return options;
    return Object.assign(
      {},
      this.getDefaultOptions().mutations,
      options?.mutationKey && this.getMutationDefaults(options.mutationKey),
      options,
      { _defaulted: true },
    ) as T;
  }
}
