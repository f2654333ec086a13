import type { PanelRoute, PermissionHolder } from '@facet/contract';
import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import { PATHS } from '../app/paths.ts';
import { getDefaultPasswordUser } from '../session/default-password-user.ts';
import { getPendingSignIn } from '../session/pending-sign-in.ts';
import { clearSession, getSessionSnapshot, getToken, holderOf, saveToken } from '../session/session-store.ts';
import { panelRouteDecision, rootRedirectTarget } from './redirect-rules.ts';

/** The query module (and TanStack Query with it) loads with the first signed-in screen. */
async function refreshLoginUser() {
  const [{ refreshLoginUser: refresh }, { queryClient }] = await Promise.all([
    import('../api/login-user-query.ts'),
    import('../app/query-client.ts'),
  ]);
  return refresh(queryClient);
}

export function rootLoader() {
  return redirect(
    rootRedirectTarget({
      hasToken: getToken() !== null,
      hasDefaultPasswordUser: getDefaultPasswordUser() !== null,
    }),
  );
}

export function requireTokenLoader() {
  return getToken() ? null : redirect(PATHS.root);
}

/** Fresh permissions for every panel navigation; a failed refresh keeps the stored ones. */
async function currentHolder(): Promise<PermissionHolder | null | 'signed-out'> {
  try {
    const data = await refreshLoginUser();
    return { type: data.user.type, permissions: data.userPermissions.data };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'E_UNAUTHORIZED') return 'signed-out';
    return holderOf(getSessionSnapshot());
  }
}

export function panelRouteLoader(route: PanelRoute) {
  return async () => {
    if (!getToken()) return redirect(PATHS.root);
    const holder = await currentHolder();
    if (holder === 'signed-out') return redirect(PATHS.signIn);
    const decision = panelRouteDecision({ hasToken: getToken() !== null, holder, route });
    if (decision.allow) return null;
    if ('redirectTo' in decision) return redirect(decision.redirectTo);
    // The route's error boundary shows the no-access page (route-error-boundary.tsx).
    throw data(decision.noAccess, { status: 403 });
  };
}

/** `/hkadmin/signin?token=<jwt>`: sign in with a token handed over by another app. */
export async function signInLoader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token');
  if (!token) return null;
  saveToken(token);
  try {
    await refreshLoginUser();
    return redirect(PATHS.dashboard);
  } catch {
    // The client already showed the server's message; the visitor stays on the sign-in form.
    clearSession();
    return null;
  }
}

export function otpVerificationLoader() {
  return getPendingSignIn() ? null : redirect(PATHS.signIn);
}

export function updateDefaultPasswordLoader() {
  return getDefaultPasswordUser() ? null : redirect(PATHS.signIn);
}
