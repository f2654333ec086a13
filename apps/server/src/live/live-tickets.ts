import { randomBytes, timingSafeEqual } from 'node:crypto';
import { LIVE_LIMITS, type LiveTicket } from '@facet/contract';
import type { TokenSigner } from '../access/tokens.ts';

const PURPOSE = 'live-ticket';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TicketClaims {
  userId: string;
  sessionId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/**
 * A ticket for the live stream: the user, the session, the expiry and a nonce, with an HMAC under a key derived
 * from the token secret for this purpose alone, so every instance sharing the secret accepts it and no
 * other signed value (a token, a file link) passes for one.
 */
export function issueTicket(
  tokens: TokenSigner,
  session: { userId: string; sessionId: string },
  now = Date.now(),
): LiveTicket {
  const expiresAt = Math.floor(now / 1000) + LIVE_LIMITS.ticketSeconds;
  // The nonce tells apart two tickets of one session asked for within a second (each is taken once).
  const nonce = randomBytes(12).toString('base64url');
  const text = `${session.userId}.${session.sessionId}.${expiresAt}.${nonce}`;
  return {
    ticket: `${text}.${tokens.mac(PURPOSE, text)}`,
    expiresAt: new Date(expiresAt * 1000).toISOString(),
  };
}

/** The ticket's claims when its signature holds and it has not expired; null otherwise. */
export function readTicket(tokens: TokenSigner, ticket: string, now = Date.now()): TicketClaims | null {
  const parts = ticket.split('.');
  if (parts.length !== 5) return null;
  const [userId, sessionId, expiry, nonce, mac] = parts as [string, string, string, string, string];
  if (!UUID.test(userId) || !UUID.test(sessionId) || !/^\d{1,12}$/.test(expiry)) return null;
  if (!/^[\w-]{16}$/.test(nonce)) return null;
  const expected = Buffer.from(tokens.mac(PURPOSE, `${userId}.${sessionId}.${expiry}.${nonce}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiresAt = Number(expiry);
  const nowSeconds = Math.floor(now / 1000);
  if (expiresAt <= nowSeconds || expiresAt > nowSeconds + LIVE_LIMITS.ticketSeconds) return null;
  return { userId, sessionId, expiresAt };
}

/**
 * Tickets already used on this instance, until they expire: a ticket copied from a log or a history
 * opens no second stream here. (Each instance keeps its own; the 60 seconds bound the rest.)
 */
export class SpentTickets {
  readonly #spent = new Map<string, number>();

  /** True the first time a ticket is taken; false after. */
  take(ticket: string, expiresAt: number, now = Date.now()): boolean {
    const nowSeconds = Math.floor(now / 1000);
    for (const [known, expiry] of this.#spent) if (expiry <= nowSeconds) this.#spent.delete(known);
    if (this.#spent.has(ticket)) return false;
    this.#spent.set(ticket, expiresAt);
    return true;
  }
}
