import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email.ts';

describe('maskEmail', () => {
  it('keeps the first two characters and the domain', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('ja******@example.com');
  });
  it('never reveals a short local part in full', () => {
    expect(maskEmail('ab@x.io')).toBe('a***@x.io');
    expect(maskEmail('a@x.io')).toBe('a***@x.io');
  });
  it('hides malformed values entirely', () => {
    expect(maskEmail('nodomain')).toBe('***');
  });
});
