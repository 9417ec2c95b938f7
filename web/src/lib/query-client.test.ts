import { describe, expect, it } from 'vitest';
import { QueryClient, hashKey, skipToken } from '@tanstack/react-query';
import { StorefrontQueryClient, keyHash } from './query-client';
import { createQueryClient } from '../app/providers';

const library = QueryClient.prototype;
const fn = () => Promise.resolve(1);

describe('StorefrontQueryClient', () => {
  it("is made with the storefront's defaults when asked for (the server's render asks)", () => {
    const client = createQueryClient(StorefrontQueryClient);
    expect(client).toBeInstanceOf(StorefrontQueryClient);
    expect(client.getDefaultOptions()).toEqual(createQueryClient().getDefaultOptions());
  });

  it("defaults a query's options exactly as the library does", () => {
    const client = new StorefrontQueryClient({
      defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 } },
    });
    client.setQueryDefaults(['page'], { gcTime: 5_000, staleTime: 1_000 });
    // Typed loosely: the cases are the library's option shapes, some of them deliberately odd.
    const cases: any[] = [
      { queryKey: ['page', 'fr-fr', '/pr/x'], queryFn: fn },
      { queryKey: ['basket', { locale: 'fr-fr', b: 1, a: 2 }], queryFn: fn, staleTime: 0 },
      { queryKey: ['x'], queryFn: fn, queryHash: 'given' },
      { queryKey: ['x'], queryFn: fn, queryKeyHashFn: (key: readonly unknown[]) => `own:${key.length}` },
      { queryKey: ['x'], queryFn: fn, networkMode: 'always' as const },
      { queryKey: ['x'], queryFn: fn, suspense: true },
      { queryKey: ['x'], queryFn: fn, throwOnError: false, refetchOnReconnect: true },
      { queryKey: ['x'], queryFn: skipToken },
      { queryKey: ['x'], queryFn: fn, persister: () => Promise.resolve(1) },
      { queryKey: ['x'], queryFn: fn, persister: () => Promise.resolve(1), networkMode: 'online' as const },
    ];
    for (const options of cases) {
      const ours = client.defaultQueryOptions(options);
      expect(ours).toEqual(library.defaultQueryOptions.call(client, options));
      expect(ours).not.toBe(options);
      // Options already defaulted come back as they are.
      expect(client.defaultQueryOptions(ours)).toBe(ours);
    }
  });

  it("defaults a mutation's options exactly as the library does", () => {
    const client = new StorefrontQueryClient({ defaultOptions: { mutations: { retry: false } } });
    client.setMutationDefaults(['basket'], { retry: 2, gcTime: 10 });
    const cases: any[] = [undefined, {}, { mutationKey: ['basket', 'add'] }, { mutationKey: ['other'], retry: 1 }];
    for (const options of cases) {
      const ours = client.defaultMutationOptions(options);
      expect(ours).toEqual(library.defaultMutationOptions.call(client, options));
      expect(client.defaultMutationOptions(ours)).toBe(ours);
    }
  });
});

describe('keyHash', () => {
  it("is the library's hashKey for every kind of key", () => {
    const keys: unknown[][] = [
      ['page', '/ssr/pr/X?locale=fr-fr'],
      ['basket', 'fr-fr', 2, true, null],
      ['odd', undefined, Number.NaN, 'é « » \u2028 </script>'],
      [],
      ['basket', { locale: 'fr-fr', b: 1, a: 2 }],
      ['nested', ['b', { z: 1, y: [2, { d: 1, c: 2 }] }]],
    ];
    for (const key of keys) expect(keyHash(key)).toBe(hashKey(key));
  });
});
