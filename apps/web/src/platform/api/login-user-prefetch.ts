import type { AUTH_ENDPOINTS, DataOf, SuccessEnvelope } from '@facet/contract';
import { getToken } from '../session/session-store.ts';

type LoginUserAnswer = SuccessEnvelope<DataOf<(typeof AUTH_ENDPOINTS)['getLoginUser']>>;

/** Older than this, a prefetched answer is not handed out: the query asks again. */
const FRESH_MS = 5_000;

let pending: { answer: Promise<LoginUserAnswer>; at: number; token: string } | null = null;

/**
 * Asks for the login user on a bookmark's first panel navigation, beside the route table and the screen,
 * instead of after them: the route's loader waits for the answer before the screen renders
 * (docs/performance.md, "Cold load"). The login user's query takes it (takePrefetchedLoginUser). The
 * answer is the session's whose token asked for it, and is handed out only while that token is the
 * one the panel holds: a sign-out, another sign-in or another tab's token makes it nobody's.
 */
export function prefetchLoginUser(): void {
  const token = getToken();
  if (pending || !token) return;
  const answer = import('./auth-api.ts').then(({ authApi }) => authApi.getLoginUser(token));
  // Reported by the query that takes it; one nobody takes is dropped quietly.
  answer.catch(() => undefined);
  pending = { answer, at: Date.now(), token };
}

/** The prefetched answer, once, if it was asked for moments ago with the token the panel holds now. */
export function takePrefetchedLoginUser(): Promise<LoginUserAnswer> | null {
  const taken = pending;
  pending = null;
  if (!taken || Date.now() - taken.at >= FRESH_MS || taken.token !== getToken()) return null;
  return taken.answer;
}
