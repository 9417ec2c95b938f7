import { describe, expect, it } from 'vitest';
import { civilitiesFor } from './civility';

describe('civilitiesFor', () => {
  it('leaves out Ms where the language has no form of its own, keeping the order', () => {
    expect(civilitiesFor('de', ['MRS', 'MS', 'MR', 'MX'])).toEqual(['MRS', 'MR', 'MX']);
    expect(civilitiesFor('ko', ['MR', 'MRS', 'MS', 'MX'])).toEqual(['MR', 'MRS', 'MX']);
    expect(civilitiesFor('fr', ['MR', 'MRS', 'MS', 'MX'])).toEqual(['MR', 'MRS', 'MS', 'MX']);
    expect(civilitiesFor('zh-hant', ['MS'])).toEqual(['MS']);
  });
});
