import type { Db } from '../db/client.ts';
import type { SessionKind } from './auth-tables.ts';
import type { EffectivePermissions } from './effective.ts';
import type { PermissionResolver } from './resolver.ts';
import { findLiveSession, type SessionUser } from './sessions.ts';
import type { TokenSigner } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access plugin (http/access-plugin.ts) before any handler runs; null on public routes. */
    auth: AuthContext | null;
  }
}

export interface AuthContext {
  sessionId: string;
  sessionKind: SessionKind;
  /** The columns the session check reads (signedInUser reads the rest). */
  user: SessionUser;
  /** Computed once per request from the versions the session query read. */
  permissions: EffectivePermissions;
  /** A customer call's company, approved (set by the access plugin's customer gate). */
  customerAccountId?: string;
}

/** A token is good when its signature holds AND its session row is live for an active user. */
export function createAuthenticator(db: Db, tokens: TokenSigner, resolver: PermissionResolver) {
  return async (token: string): Promise<AuthContext | null> => {
    const claims = await tokens.verify(token);
    if (!claims) return null;
    const found = await findLiveSession(db, claims.sessionId, claims.userId);
    if (!found || found.kind !== claims.kind) return null;
    return {
      sessionId: claims.sessionId,
      sessionKind: found.kind,
      user: found.user,
      permissions: await resolver.resolve(found.stamp),
    };
  };
}
