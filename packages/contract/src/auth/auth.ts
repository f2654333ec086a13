import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, OTP_LENGTH } from '../constants.ts';

/** The legacy panel's validation messages, word for word (spec section 5). */
export const AUTH_MESSAGES = {
  usernameInvalid: 'The input is not valid Username!',
  passwordRequired: 'Please input your Password!',
  signupNameRequired: 'Please input your username!',
  signupNameInvalid: 'Enter your name on one line, without control characters.',
  emailInvalid: 'The input is not valid E-mail!',
  emailRequired: 'Please input your E-mail!',
  acceptRequired: 'Please accept the agreement!',
  newPasswordRequired: 'Please input your password!',
  confirmRequired: 'Please confirm your password!',
  passwordsInconsistent: 'Two passwords that you enter is inconsistent!',
  oldPasswordRequired: 'Please input your old password!',
  oldPasswordTooShort: `Password must be minimum of ${MIN_PASSWORD_LENGTH} digit.`,
  newPasswordTooShort: `New Password must be minimum of ${MIN_PASSWORD_LENGTH} digit.`,
  otpRequired: 'Please input your otp!',
  otpInvalidFormat: `The code has ${OTP_LENGTH} digits.`,
  dialogNewPasswordRequired: 'Please enter new password',
  dialogConfirmRequired: 'Please enter confirm password',
  dialogPasswordsDiffer: 'Password not matched',
} as const;

/** Server answers of the sign-in journey. */
export const AUTH_RESULTS = {
  otpSent: 'A one-time code has been sent to your e-mail.',
  invalidCredentials: 'Invalid username or password.',
  inactiveUser: 'Your account is not active. Please contact admin.',
  otpInvalid: 'The one-time code is not valid.',
  otpExpired: 'The one-time code has expired. Please request a new one.',
  otpTooManyAttempts: 'Too many wrong codes. Please request a new one.',
  otpResendTooSoon: 'Please wait before requesting another code.',
  tooManySignInAttempts: 'Too many sign-in attempts. Please try again later.',
  /** The account's limit (not the address's): a reset through the mailed link ends it at once. */
  accountLocked:
    'Too many sign-in attempts. Please try again later, or reset your password with "Forgot password?" on the sign-in page to get back in now.',
  loggedIn: 'Logged in successfully.',
  defaultPasswordChangeRequired: 'Please change your default password.',
  registered: 'Your account has been created. An administrator will activate it.',
  forgotPasswordSent: 'If the account exists, a reset link has been sent to its e-mail.',
  resetLinkInvalid: 'The reset link is not valid or has expired.',
  passwordChanged: 'Your password has been changed.',
  currentPasswordWrong: 'The current password is not correct.',
  samePassword: 'The new password must differ from the current one.',
  loggedOut: 'Logged out.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  duplicateAccount: 'An account with this username or e-mail already exists.',
} as const;

/** A required text field: the same message for missing, wrong type and empty. */
export function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message });
}

function requiredPassword(message: string) {
  return z.string({ error: message }).min(1, { error: message }).max(256);
}

const otpField = z
  .string({ error: AUTH_MESSAGES.otpRequired })
  .trim()
  .min(1, { error: AUTH_MESSAGES.otpRequired })
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: AUTH_MESSAGES.otpInvalidFormat });

export const signInSchema = z
  .object({
    username: requiredText(AUTH_MESSAGES.usernameInvalid).pipe(z.string().max(254)),
    password: requiredPassword(AUTH_MESSAGES.passwordRequired),
    remember: z.boolean().optional(),
    isResendOtp: z.boolean().optional(),
  })
  .meta({ examples: [{ username: 'admin', password: 'Your#Passw0rd', remember: true }] });
export type SignInPayload = z.infer<typeof signInSchema>;

/** OTP verify: the stored sign-in values plus the code. */
export const loginSchema = signInSchema
  .extend({ otp: otpField })
  .meta({ examples: [{ username: 'admin', password: 'Your#Passw0rd', remember: true, otp: '123456' }] });
export type LoginPayload = z.infer<typeof loginSchema>;

export const otpFormSchema = z.object({ otp: otpField });

export const registerSchema = z.object({
  // The name is read by administrators in their bells and lists: one line, no direction overrides.
  name: requiredText(AUTH_MESSAGES.signupNameRequired).pipe(
    z
      .string()
      .max(120)
      .refine((name) => !/[\p{Cc}\u202A-\u202E\u2066-\u2069]/u.test(name), {
        error: AUTH_MESSAGES.signupNameInvalid,
      }),
  ),
  email: z
    .string({ error: AUTH_MESSAGES.emailInvalid })
    .trim()
    .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }).max(254)),
  password: requiredPassword(AUTH_MESSAGES.passwordRequired).pipe(
    z.string().min(MIN_PASSWORD_LENGTH, { error: AUTH_MESSAGES.newPasswordTooShort }),
  ),
});
export type RegisterPayload = z.infer<typeof registerSchema>;

/** The screen asks for an e-mail; the legacy payload names it `username`, and a username works too. */
export const forgotPasswordSchema = z.object({
  username: requiredText(AUTH_MESSAGES.emailRequired).pipe(z.string().max(254)),
});

/** The forgot-password screen's own field, where the e-mail must be valid. */
export const forgotPasswordEmailSchema = requiredText(AUTH_MESSAGES.emailRequired).pipe(
  z.email({ error: AUTH_MESSAGES.emailInvalid }),
);

const newPasswordField = requiredPassword(AUTH_MESSAGES.newPasswordRequired).pipe(
  z.string().min(MIN_PASSWORD_LENGTH, { error: AUTH_MESSAGES.newPasswordTooShort }),
);

export const resetPasswordByTokenSchema = z.object({
  token: requiredText(AUTH_RESULTS.resetLinkInvalid).pipe(z.string().max(200)),
  newPassword: newPasswordField,
});

/** Forced first change: `password` is the new password, `newPassword` its retype (legacy names). */
export const resetPasswordByUserSchema = z
  .object({
    currentPassword: requiredPassword(AUTH_MESSAGES.oldPasswordRequired)
      .pipe(z.string().min(MIN_PASSWORD_LENGTH, { error: AUTH_MESSAGES.oldPasswordTooShort }))
      .describe('The password signed in with (the first one given, or the one an admin reset).'),
    password: newPasswordField.describe('The new password.'),
    newPassword: requiredPassword(AUTH_MESSAGES.confirmRequired).describe(
      'The new password typed again; it must equal `password`.',
    ),
  })
  .refine((body) => body.password === body.newPassword, {
    path: ['newPassword'],
    error: AUTH_MESSAGES.passwordsInconsistent,
  });
export type ResetPasswordByUserPayload = z.infer<typeof resetPasswordByUserSchema>;

/** The profile's reset-password dialog. The current password is checked by the server only. */
export const changePasswordSchema = z
  .object({
    currentPassword: requiredPassword(AUTH_MESSAGES.oldPasswordRequired),
    newPassword: requiredPassword(AUTH_MESSAGES.dialogNewPasswordRequired).pipe(
      z.string().min(MIN_PASSWORD_LENGTH, { error: AUTH_MESSAGES.newPasswordTooShort }),
    ),
    ConfirmPassword: requiredPassword(AUTH_MESSAGES.dialogConfirmRequired),
  })
  .refine((body) => body.newPassword === body.ConfirmPassword, {
    path: ['ConfirmPassword'],
    error: AUTH_MESSAGES.dialogPasswordsDiffer,
  });
export type ChangePasswordPayload = z.infer<typeof changePasswordSchema>;
