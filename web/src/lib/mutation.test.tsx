import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider, useMutation as useLibraryMutation } from '@tanstack/react-query';
import { StorefrontQueryClient } from './query-client';
import { isServerRenderClient, useMutation } from './mutation';

type Answer = Record<string, unknown>;

/** What each hook answers on a render's first pass, under a client of each kind. */
function firstAnswers(client: QueryClient) {
  const seen: { ours?: Answer; library?: Answer } = {};
  function Probe() {
    seen.ours = useMutation({ mutationFn: async (n: number) => n * 2 }) as unknown as Answer;
    seen.library = useLibraryMutation({ mutationFn: async (n: number) => n * 2 }) as unknown as Answer;
    return null;
  }
  renderToString(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
  return seen as { ours: Answer; library: Answer };
}

const values = (answer: Answer) =>
  Object.fromEntries(Object.entries(answer).filter(([, value]) => typeof value !== 'function'));
const functions = (answer: Answer) =>
  Object.keys(answer)
    .filter((key) => typeof answer[key] === 'function')
    .sort();

describe('useMutation', () => {
  it("answers, in a server render, what the library's hook answers before a first call", () => {
    const client = new StorefrontQueryClient();
    expect(isServerRenderClient(client)).toBe(true);
    const { ours, library } = firstAnswers(client);
    expect(values(ours)).toEqual(values(library));
    expect(Object.keys(ours).sort()).toEqual(Object.keys(library).sort());
    expect(functions(ours)).toEqual(functions(library));
    // Nothing is mutated there: a call is a mistake, said at once.
    expect(() => (ours.mutate as (n: number) => void)(1)).toThrow(/server render/);
    expect(client.getMutationCache().getAll()).toHaveLength(0);
  });

  it("is the library's hook under the browser's client", async () => {
    const client = new QueryClient();
    expect(isServerRenderClient(client)).toBe(false);
    const { ours, library } = firstAnswers(client);
    expect(values(ours)).toEqual(values(library));
    await expect((ours.mutateAsync as (n: number) => Promise<number>)(21)).resolves.toBe(42);
  });
});
