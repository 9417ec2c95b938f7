import { describe, expect, it } from 'vitest';
import { maskEmail } from './redaction.ts';

describe('maskEmail', () => {
  it('keeps the first character and the domain, and hides the length of the local part', () => {
    expect(maskEmail('claire.martin@example.org')).toBe('c•••••@example.org');
    expect(maskEmail('c@example.org')).toBe('c•••••@example.org');
    expect(maskEmail('jo@example.fr')).toBe(maskEmail('joséphine.de.la.tour@example.fr'));
  });
});
