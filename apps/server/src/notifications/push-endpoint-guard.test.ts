import { describe, expect, it } from 'vitest';
import { isPrivateAddress, isPublicPushEndpoint, resolvesPublicly } from './push-endpoint-guard.ts';

describe('push endpoint guard', () => {
  it('tells addresses inside a network from public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.0.9',
      '169.254.169.254',
      '100.64.1.1',
      '::1',
      '::',
      'fd12::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      'not-an-address',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '142.250.74.106', '2a00:1450:4001:82b::200a', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('accepts https to a public name or address only', () => {
    expect(isPublicPushEndpoint('https://fcm.googleapis.com/fcm/send/x')).toBe(true);
    expect(isPublicPushEndpoint('https://8.8.8.8/x')).toBe(true);
    for (const endpoint of [
      'http://fcm.googleapis.com/x',
      'https://localhost/x',
      'https://printer.local/x',
      'https://db.internal/x',
      'https://[::1]/x',
      'https://10.0.0.1/x',
    ]) {
      expect(isPublicPushEndpoint(endpoint), endpoint).toBe(false);
    }
  });

  it('refuses a name that resolves to this machine', async () => {
    expect(await resolvesPublicly('https://localhost/x')).toBe(false);
    expect(await resolvesPublicly('https://127.0.0.1/x')).toBe(false);
  });
});
