import { type RouteObject, redirect } from 'react-router';
import { PageFallback } from './page-fallback.tsx';
import { panelRouteObjects } from './panel-route-objects.ts';
import { PATHS } from './paths.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import {
  otpVerificationLoader,
  requireTokenLoader,
  rootLoader,
  signInLoader,
  updateDefaultPasswordLoader,
} from './route-loaders.ts';

/** Route modules load on demand, so the sign-in screen ships without the shell and the other screens. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: PageFallback,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      // Loaders redirect before anything renders; the fallback only fills the frame meanwhile.
      { index: true, loader: rootLoader, Component: PageFallback },
      {
        path: 'signup',
        lazy: async () => ({ Component: (await import('../auth/sign-up-page.tsx')).SignUpPage }),
      },
      {
        path: 'hkadmin',
        children: [
          {
            path: 'signin',
            loader: signInLoader,
            lazy: async () => ({ Component: (await import('../auth/sign-in-page.tsx')).SignInPage }),
          },
          {
            path: 'otp-verification',
            loader: otpVerificationLoader,
            lazy: async () => ({
              Component: (await import('../auth/otp-verification-page.tsx')).OtpVerificationPage,
            }),
          },
          {
            path: 'forgot-password',
            lazy: async () => ({
              Component: (await import('../auth/forgot-password-page.tsx')).ForgotPasswordPage,
            }),
          },
          {
            path: 'update-default-password',
            loader: updateDefaultPasswordLoader,
            lazy: async () => ({
              Component: (await import('../auth/update-default-password-page.tsx')).UpdateDefaultPasswordPage,
            }),
          },
          {
            path: 'reset-password/:resetId',
            lazy: async () => ({
              Component: (await import('../auth/reset-password-page.tsx')).ResetPasswordPage,
            }),
          },
          {
            loader: requireTokenLoader,
            lazy: async () => ({ Component: (await import('../shell/panel-layout.tsx')).PanelLayout }),
            children: [
              { index: true, loader: () => redirect(PATHS.dashboard), Component: PageFallback },
              ...panelRouteObjects,
              {
                path: '*',
                lazy: async () => ({ Component: (await import('../pages/not-found-page.tsx')).NotFoundPage }),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../pages/not-found-page.tsx')).NotFoundPage }),
      },
    ],
  },
];
