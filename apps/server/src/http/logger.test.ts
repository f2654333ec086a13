import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.ts';

describe('redactUrl', () => {
  it('hides token query values', () => {
    expect(redactUrl('/hkadmin/signin?token=abc.def&x=1')).toBe('/hkadmin/signin?token=[redacted]&x=1');
  });
  it('hides reset ids in paths', () => {
    expect(redactUrl('/hkadmin/reset-password/Zm9v?a=b')).toBe('/hkadmin/reset-password/[redacted]?a=b');
  });
  it('leaves ordinary URLs alone', () => {
    expect(redactUrl('/admin/auth/login')).toBe('/admin/auth/login');
  });
});
