import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenSigner } from './tokens.ts';

const SECRET = 'a'.repeat(40);
const CLAIMS = { sessionId: '5b0c8f64-1d1e-4c55-9b38-0f5b7b0c1a11', userId: 'u-1', kind: 'full' } as const;

describe('TokenSigner.verify', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the claims of a good token, the first time and from memory after', async () => {
    const signer = new TokenSigner(SECRET);
    const token = await signer.sign(CLAIMS, new Date(Date.now() + 60_000));
    expect(await signer.verify(token)).toEqual(CLAIMS);
    expect(await signer.verify(token)).toEqual(CLAIMS);
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z') });
    const signer = new TokenSigner(SECRET);
    const token = await signer.sign(CLAIMS, new Date('2026-11-27T10:01:00Z'));
    expect(await signer.verify(token)).toEqual(CLAIMS);
    vi.setSystemTime(new Date('2026-11-27T10:00:59Z'));
    expect(await signer.verify(token)).toEqual(CLAIMS);
    vi.setSystemTime(new Date('2026-11-27T10:01:00Z'));
    expect(await signer.verify(token)).toBeNull();
  });

  it('refuses a token changed by one character, or signed with another secret, after a good one', async () => {
    const signer = new TokenSigner(SECRET);
    const token = await signer.sign(CLAIMS, new Date(Date.now() + 60_000));
    expect(await signer.verify(token)).toEqual(CLAIMS);
    // A character inside the signature (the last one also carries padding bits).
    const at = token.length - 10;
    const changed = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect(await signer.verify(changed)).toBeNull();
    const other = await new TokenSigner('b'.repeat(40)).sign(CLAIMS, new Date(Date.now() + 60_000));
    expect(await signer.verify(other)).toBeNull();
  });
});
