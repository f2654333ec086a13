import type { LoginData } from '@facet/contract';
import { PATHS } from '../platform/app/paths.ts';
import { setDefaultPasswordUser } from '../platform/session/default-password-user.ts';
import { clearPendingSignIn } from '../platform/session/pending-sign-in.ts';
import { saveToken, saveUser } from '../platform/session/session-store.ts';

/**
 * Stores what a successful code check returned and says where to go next (spec section 4).
 * A default-password sign-in keeps only the short-lived token, for the forced change.
 */
export function completeSignIn(data: LoginData): string {
  clearPendingSignIn();
  if (data.user.defaultPassword) {
    setDefaultPasswordUser({ userId: data.user.id, defaultPassword: true, token: data.token.jwt });
    return PATHS.updateDefaultPassword;
  }
  saveToken(data.token.jwt);
  saveUser(data.user, data.userPermissions.data);
  return PATHS.root;
}
