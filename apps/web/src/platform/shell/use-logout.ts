import { LOGOUT_DELAY_MS } from '@facet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from '../api/auth-api.ts';
import { PATHS } from '../app/paths.ts';
import { clearSession } from '../session/session-store.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Logout (spec section 4): a loading state, the server call, and the local sign-out after the delay.
 * While it runs the frame shows no screen and no header widget (panel-layout.tsx), so nothing polls or
 * refetches; the queries still on their way are cancelled, and the cache goes before the token does, so
 * no request leaves with the token once it is gone.
 */
export function useLogout() {
  const [loggingOut, setLoggingOut] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const logout = async () => {
    if (loggingOut) return;
    setLoggingOut(true);
    await queryClient.cancelQueries();
    // The session ends locally even when the server call fails.
    await Promise.all([authApi.logout().catch(() => undefined), wait(LOGOUT_DELAY_MS)]);
    queryClient.clear();
    clearSession();
    void navigate(PATHS.signIn, { replace: true });
  };

  return { loggingOut, logout };
}
