import { describe, expect, it } from 'vitest';
import { rate } from './web-vitals';

describe('web vitals ratings (web.dev thresholds)', () => {
  it('rates each metric', () => {
    expect(rate('LCP', 2500)).toBe('good');
    expect(rate('LCP', 2501)).toBe('needs-improvement');
    expect(rate('LCP', 4001)).toBe('poor');
    expect(rate('CLS', 0.05)).toBe('good');
    expect(rate('CLS', 0.3)).toBe('poor');
    expect(rate('INP', 300)).toBe('needs-improvement');
    expect(rate('TTFB', 100)).toBe('good');
    expect(rate('FCP', 3500)).toBe('poor');
  });
});
