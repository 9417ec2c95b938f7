// The storefront's `useMutation`: TanStack Query's in the browser; on the server's render, the idle answer every
// mutation has before it is first called, made without an observer.
//
// A render on the server never mutates (no effect runs, no click comes), and the library's observer builds its
// result as `{ ...state, isPending, …, mutate, reset }`: on the server's Node 20 (V8 11.3) an object of spreads and
// then named fields is made field by field at run time, about 12 µs a hook, two to five hooks a page
// (docs/scaling.md#object-spreads-on-the-servers-node). The answer below is the one the browser's first render
// reads (`mutation.test.tsx` compares them), so the page hydrates with the same markup.
import {
  useMutation as useLibraryMutation,
  useQueryClient,
  type DefaultError,
  type QueryClient,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';

/** A mutation's answer before its first call (the library's `getDefaultState` and the flags it derives). */
const IDLE = /* @__PURE__ */ Object.freeze({
  context: undefined,
  data: undefined,
  error: null,
  failureCount: 0,
  failureReason: null,
  isPaused: false,
  status: 'idle',
  variables: undefined,
  submittedAt: 0,
  isPending: false,
  isSuccess: false,
  isError: false,
  isIdle: true,
  mutate: () => {
    throw new Error('A server render cannot mutate.');
  },
  mutateAsync: () => Promise.reject(new Error('A server render cannot mutate.')),
  reset: () => undefined,
});

/** Whether `client` is a server render's (`StorefrontQueryClient` says so): nothing is mutated there. */
export function isServerRenderClient(client: QueryClient): boolean {
  return (client as { readonly serverRender?: unknown }).serverRender === true;
}

export function useMutation<TData = unknown, TError = DefaultError, TVariables = void, TOnMutateResult = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
  queryClient?: QueryClient,
): UseMutationResult<TData, TError, TVariables, TOnMutateResult> {
  const client = useQueryClient(queryClient);
  // `import.meta.env.SSR` is false in the browser's build: the branch and the idle answer are left out of it.
  if (import.meta.env.SSR && isServerRenderClient(client))
    return IDLE as unknown as UseMutationResult<TData, TError, TVariables, TOnMutateResult>;
  // A tree's client never changes kind (a server render's or the browser's), so each component calls the same hooks
  // on every render of its life.
  // eslint-disable-next-line react-hooks/rules-of-hooks -- see above: the branch is fixed for the tree's life
  return useLibraryMutation(options, client);
}
