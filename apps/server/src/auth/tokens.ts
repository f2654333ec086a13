import { errors, jwtVerify, SignJWT } from 'jose';
import type { SessionKind } from '../db/schema.ts';

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
