import { OTP_TTL_MS, PASSWORD_RESET_TTL_MS } from '@facet/contract';
import type { MailMessage } from './mailer.ts';

const minutes = (ms: number) => Math.round(ms / 60_000);

export function signInCodeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: 'Your Facet sign-in code',
    text: [
      `Your sign-in code is ${code}`,
      '',
      `It expires in ${minutes(OTP_TTL_MS)} minutes. If you did not try to sign in, change your password.`,
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Facet password',
    text: [
      'Open this link to choose a new password:',
      link,
      '',
      `The link works once and expires in ${minutes(PASSWORD_RESET_TTL_MS)} minutes. If you did not ask for it, ignore this e-mail.`,
    ].join('\n'),
  };
}
