import './platform/app/zod-without-eval.ts';
import 'nprogress/nprogress.css';
import './platform/app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { registerApiEventHandlers } from './platform/api/api-events.ts';
import { AppProviders } from './platform/app/app-providers.tsx';
import { PATHS } from './platform/app/paths.ts';
import { connectApiToasts } from './platform/app/toast.ts';
import { WebModulesProvider } from './platform/modules/web-modules-context.tsx';
import { createAppRouter } from './platform/routes/router.ts';
import { clearSession } from './platform/session/session-store.ts';
import { WEB_MODULES } from './web-modules.ts';

// The one place the features meet the platform: the router and the engine read them from here.
const router = createAppRouter(WEB_MODULES);

connectApiToasts();
registerApiEventHandlers({
  // Forced sign-out (spec section 4): drop the session and show sign in.
  onUnauthorized: () => {
    clearSession();
    // Loaded on demand: TanStack Query belongs to the shell, not to the sign-in bundle.
    void import('./platform/app/query-client.ts').then(({ queryClient }) => queryClient.clear());
    if (router.state.location.pathname !== PATHS.signIn)
      void router.navigate(PATHS.signIn, { replace: true });
  },
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <WebModulesProvider modules={WEB_MODULES}>
        <RouterProvider router={router} />
      </WebModulesProvider>
    </AppProviders>
  </StrictMode>,
);
