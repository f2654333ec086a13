import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { SessionKind } from './auth-tables.ts';
import { LruCache } from './lru.ts';

export interface TokenClaims {
  sessionId: string;
  userId: string;
  kind: SessionKind;
}

const ISSUER = 'facet';
/** Tokens whose signature was checked, remembered: about 300 bytes each. */
const VERIFIED_TOKENS = 10_000;

interface Verified {
  claims: TokenClaims;
  /** `exp`, in seconds since the epoch. */
  expiresAt: number;
}

/** HS256 JWTs whose `jti` is the session row; the row, not the token, decides whether it still works. */
export class TokenSigner {
  readonly #key: Uint8Array;
  /**
   * Every request checks its token, and jose's check runs WebCrypto's HMAC asynchronously, which costs
   * more than the rest of the authentication. A token is the same bytes on every request of a session,
   * so a token whose signature held once is remembered by its exact text, with its expiry: only an
   * identical token hits, and an expired one is refused as jose refuses it. The session row is still
   * read on every request (authenticate.ts): revoking a session works at the next request as before.
   */
  readonly #verified = new LruCache<string, Verified>(VERIFIED_TOKENS);

  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ kind: claims.kind })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(claims.userId)
      .setJti(claims.sessionId)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(this.#key);
  }

  /**
   * An HMAC-SHA256 (base64url) of `text` under a key derived from the secret for `purpose`, so a value
   * signed for one use (a file link) is never valid as another, and every instance sharing the secret
   * agrees without any stored state.
   */
  mac(purpose: string, text: string): string {
    const key = createHmac('sha256', this.#key).update(`facet:${purpose}`).digest();
    return createHmac('sha256', key).update(text).digest('base64url');
  }

  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.#verified.get(token);
    if (known) return isExpired(known.expiresAt) ? null : known.claims;
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'], issuer: ISSUER });
      const kind = payload.kind;
      if (!payload.sub || !payload.jti || (kind !== 'full' && kind !== 'default_password')) return null;
      const claims: TokenClaims = { sessionId: payload.jti, userId: payload.sub, kind };
      // Every token this signer makes has an expiry; one without is checked afresh each time.
      if (typeof payload.exp === 'number') this.#verified.set(token, { claims, expiresAt: payload.exp });
      return claims;
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}

/** As jose decides it: a token is expired from the second of its `exp` on. */
function isExpired(expiresAt: number): boolean {
  return Math.floor(Date.now() / 1000) >= expiresAt;
}
