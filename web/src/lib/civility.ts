// Forms of address (contract `Civility`): German and Korean have no form of "Ms" of their own (it would read
// as "Mrs" twice), so their forms offer the other three, as the registration form of their markets does.
import type { Schemas } from './api-client';

export type CivilityCode = Schemas['Civility'];

const WITHOUT_MS = new Set(['de', 'ko']);

/** The civilities a form offers in a language, in the given display order. */
export function civilitiesFor<T extends CivilityCode>(language: string, order: readonly T[]): T[] {
  const base = language.toLowerCase().split('-')[0] ?? '';
  return order.filter((c) => !(c === 'MS' && WITHOUT_MS.has(base)));
}
