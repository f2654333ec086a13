import './zod-without-eval.ts';
import 'nprogress/nprogress.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { registerApiEventHandlers } from './api/api-events.ts';
import { AppProviders } from './app/app-providers.tsx';
import { router } from './app/router.ts';
import { connectApiToasts } from './app/toast.ts';
import { PATHS } from './routes/paths.ts';
import { clearSession } from './session/session-store.ts';

connectApiToasts();
registerApiEventHandlers({
  // Forced sign-out (spec section 4): drop the session and show sign in.
  onUnauthorized: () => {
    clearSession();
    // Loaded on demand: TanStack Query belongs to the shell, not to the sign-in bundle.
    void import('./app/query-client.ts').then(({ queryClient }) => queryClient.clear());
    if (router.state.location.pathname !== PATHS.signIn)
      void router.navigate(PATHS.signIn, { replace: true });
  },
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
