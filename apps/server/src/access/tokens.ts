import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { SessionKind } from './auth-tables.ts';

export interface TokenClaims {
  sessionId: string;
  userId: string;
  kind: SessionKind;
}

const ISSUER = 'facet';

/** HS256 JWTs whose `jti` is the session row; the row, not the token, decides whether it still works. */
export class TokenSigner {
  readonly #key: Uint8Array;

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
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'], issuer: ISSUER });
      const kind = payload.kind;
      if (!payload.sub || !payload.jti || (kind !== 'full' && kind !== 'default_password')) return null;
      return { sessionId: payload.jti, userId: payload.sub, kind };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
