import { PATHS } from '../platform/app/paths.ts';
import type { WebModule } from '../platform/modules/web-module.ts';

/** Signing in and its steps, signing up, and the signed-in user's profile. */
export const authWebModule: WebModule = {
  name: 'auth',
  publicScreens: {
    [PATHS.signIn]: () => import('./sign-in-page.tsx').then((module) => module.SignInPage),
    [PATHS.otpVerification]: () =>
      import('./otp-verification-page.tsx').then((module) => module.OtpVerificationPage),
    [PATHS.forgotPassword]: () =>
      import('./forgot-password-page.tsx').then((module) => module.ForgotPasswordPage),
    [PATHS.updateDefaultPassword]: () =>
      import('./update-default-password-page.tsx').then((module) => module.UpdateDefaultPasswordPage),
    [PATHS.resetPassword]: () =>
      import('./reset-password-page.tsx').then((module) => module.ResetPasswordPage),
    [PATHS.signUp]: () => import('./sign-up-page.tsx').then((module) => module.SignUpPage),
  },
  screens: {
    profile: () => import('./profile-page.tsx').then((module) => module.ProfilePage),
  },
};
