import { type LoaderFunction, Outlet, type RouteObject, redirect } from 'react-router';
import { PATHS } from '../app/paths.ts';
import type { WebModuleIndex } from '../modules/web-module-index.ts';
import { PageFallback } from './page-fallback.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import {
  otpVerificationLoader,
  requireTokenLoader,
  rootLoader,
  signInLoader,
  updateDefaultPasswordLoader,
} from './route-loaders.ts';

/** `/hkadmin`: a navigation that matches it (and no public screen) is one into the protected panel. */
export const PANEL_BASE_ROUTE_ID = 'panel-base';
/** The signed-in frame the protected screens are patched under once a panel path is first opened. */
export const PANEL_LAYOUT_ROUTE_ID = 'panel-layout';

/** What the session decides before a public screen shows, by browser path; the screens come from modules. */
const PUBLIC_GUARDS: Readonly<Record<string, LoaderFunction>> = {
  [PATHS.signIn]: signInLoader,
  [PATHS.otpVerification]: otpVerificationLoader,
  [PATHS.updateDefaultPassword]: updateDefaultPasswordLoader,
};

const notFound: RouteObject = {
  path: '*',
  lazy: async () => ({ Component: (await import('../pages/not-found-page.tsx')).NotFoundPage }),
};

/**
 * Route modules load on demand, so the sign-in screen ships without the shell and the other screens.
 * The protected screens are not listed here at all: their table holds the contract's whole catalogue,
 * and the router patches it in on the first panel navigation.
 */
export function appRoutes(modules: WebModuleIndex): RouteObject[] {
  const publicRoutes = [...modules.publicScreens].map(
    ([path, loadScreen]): RouteObject => ({
      path: path.replace(/^\//, ''),
      loader: PUBLIC_GUARDS[path],
      lazy: async () => ({ Component: await loadScreen() }),
    }),
  );
  return [
    {
      path: '/',
      Component: RootLayout,
      HydrateFallback: PageFallback,
      ErrorBoundary: RouteErrorBoundary,
      children: [
        // Loaders redirect before anything renders; the fallback only fills the frame meanwhile.
        { index: true, loader: rootLoader, Component: PageFallback },
        ...publicRoutes,
        {
          id: PANEL_BASE_ROUTE_ID,
          path: PATHS.panel.replace(/^\//, ''),
          // What a route without one renders anyway; named, since before the first panel navigation this
          // route is the deepest match, and the router warns of a leaf that renders nothing.
          Component: Outlet,
          children: [
            {
              id: PANEL_LAYOUT_ROUTE_ID,
              loader: requireTokenLoader,
              lazy: async () => ({ Component: (await import('../shell/panel-layout.tsx')).PanelLayout }),
              children: [
                { index: true, loader: () => redirect(PATHS.dashboard), Component: PageFallback },
                notFound,
              ],
            },
          ],
        },
        notFound,
      ],
    },
  ];
}
