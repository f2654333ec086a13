/** The contract schemas the public screens validate with, loaded on first validation (see auth-field-rule.ts). */
export {
  forgotPasswordEmailSchema,
  otpFormSchema,
  registerSchema,
  resetPasswordByTokenSchema,
  resetPasswordByUserSchema,
  signInSchema,
} from '@facet/contract';
