import { LOGOUT_DELAY_MS } from '@facet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from '../api/auth-api.ts';
import { PATHS } from '../app/paths.ts';
import { clearSession } from '../session/session-store.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Logout (spec section 4): a loading state, the server call, and the local sign-out after the delay. */
export function useLogout() {
  const [loggingOut, setLoggingOut] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const logout = async () => {
    if (loggingOut) return;
    setLoggingOut(true);
    // The session ends locally even when the server call fails.
    await Promise.all([authApi.logout().catch(() => undefined), wait(LOGOUT_DELAY_MS)]);
    clearSession();
    queryClient.clear();
    void navigate(PATHS.signIn, { replace: true });
  };

  return { loggingOut, logout };
}
