import { afterEach, describe, expect, it, vi } from 'vitest';

const getLoginUser = vi.fn();
vi.mock('./auth-api.ts', () => ({ authApi: { getLoginUser } }));
let heldToken: string | null = 'token of A';
vi.mock('../session/session-store.ts', () => ({ getToken: () => heldToken }));

const { prefetchLoginUser, takePrefetchedLoginUser } = await import('./login-user-prefetch.ts');

afterEach(() => {
  takePrefetchedLoginUser();
  heldToken = 'token of A';
  getLoginUser.mockReset();
  vi.useRealTimers();
});

describe('login user prefetch', () => {
  it('asks once, and hands the answer out once', async () => {
    getLoginUser.mockResolvedValue({ code: 'OK', data: 'me' });
    prefetchLoginUser();
    prefetchLoginUser();
    const taken = takePrefetchedLoginUser();
    expect(await taken).toEqual({ code: 'OK', data: 'me' });
    expect(getLoginUser).toHaveBeenCalledTimes(1);
    expect(takePrefetchedLoginUser()).toBeNull();
  });

  it('hands out nothing older than a few seconds, so the query asks again', () => {
    vi.useFakeTimers();
    getLoginUser.mockResolvedValue({ code: 'OK', data: 'me' });
    prefetchLoginUser();
    vi.advanceTimersByTime(10_000);
    expect(takePrefetchedLoginUser()).toBeNull();
  });

  it('keeps a failure for the query that takes it, without an unhandled rejection', async () => {
    getLoginUser.mockRejectedValue(new Error('revoked'));
    prefetchLoginUser();
    await expect(takePrefetchedLoginUser()).rejects.toThrow('revoked');
  });

  it('asks with the token the panel holds, and hands the answer to that token only', async () => {
    getLoginUser.mockResolvedValue({ code: 'OK', data: 'A' });
    prefetchLoginUser();
    await Promise.resolve();
    await vi.waitFor(() => expect(getLoginUser).toHaveBeenCalledWith('token of A'));
    // Signed out, then signed in as someone else before the answer was taken.
    heldToken = 'token of B';
    expect(takePrefetchedLoginUser()).toBeNull();
  });

  it('asks nothing without a session', () => {
    heldToken = null;
    prefetchLoginUser();
    expect(takePrefetchedLoginUser()).toBeNull();
    expect(getLoginUser).not.toHaveBeenCalled();
  });
});
