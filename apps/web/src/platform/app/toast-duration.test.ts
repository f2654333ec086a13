import { AUTH_RESULTS, MESSAGE_AUTO_HIDE_MS } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { toastDurationMs } from './toast-duration.ts';

describe('toastDurationMs', () => {
  it('keeps a short message for the usual time', () => {
    expect(toastDurationMs('Invalid username or password.')).toBe(MESSAGE_AUTO_HIDE_MS);
    expect(toastDurationMs('')).toBe(MESSAGE_AUTO_HIDE_MS);
  });

  it('gives a longer message about a second for every 15 characters', () => {
    const text = 'x'.repeat(90);
    expect(toastDurationMs(text)).toBe(6000);
  });

  it('keeps the lock-out message long enough to read, and no message past ten seconds', () => {
    expect(toastDurationMs(AUTH_RESULTS.accountLocked)).toBeGreaterThanOrEqual(9000);
    expect(toastDurationMs('x'.repeat(2000))).toBe(10_000);
  });
});
