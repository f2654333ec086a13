import type { QueryClient } from '@tanstack/react-query';
import { saveUser } from '../session/session-store.ts';
import { authApi } from './auth-api.ts';
import { takePrefetchedLoginUser } from './login-user-prefetch.ts';

/**
 * Refetched on every panel navigation (concurrent calls share one request), so permission changes and
 * revoked sessions reach the sidebar and guards at the next navigation, without a new sign-in.
 */
const LOGIN_USER_STALE_MS = 0;

export const loginUserQuery = {
  queryKey: ['login-user'] as const,
  queryFn: async () => {
    // A bookmark's first navigation asked already, beside the route table (login-user-prefetch.ts).
    const { data } = await (takePrefetchedLoginUser() ?? authApi.getLoginUser());
    saveUser(data.user, data.userPermissions.data);
    return data;
  },
  staleTime: LOGIN_USER_STALE_MS,
  retry: false,
} as const;

export function refreshLoginUser(queryClient: QueryClient) {
  return queryClient.fetchQuery(loginUserQuery);
}

/**
 * After a change that may touch the signed-in user's own permissions: refetch now (the query has no
 * observer, hence 'all'), so the sidebar follows at once and the guards at the next navigation.
 */
export function invalidateLoginUser(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: loginUserQuery.queryKey, refetchType: 'all' });
}
