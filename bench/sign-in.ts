/**
 * The panel's two-step sign-in through the real API, for benchmarks that need a token the way a user
 * gets one: the code request, the code read from the e-mail the server wrote into DATA_DIR/mail, the
 * code check, and the forced password change when the account still has its first password.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AUTH_ENDPOINTS } from '@facet/contract';
import { callEndpoint } from '../apps/server/test/endpoint-client.ts';

const MAIL_WAIT_MS = 10_000;

/** The six-digit code of the first mail to `email` that was not in the folder before the request. */
async function mailedCode(mailFolder: string, email: string, before: ReadonlySet<string>): Promise<string> {
  const deadline = Date.now() + MAIL_WAIT_MS;
  while (Date.now() < deadline) {
    const fresh = existsSync(mailFolder) ? readdirSync(mailFolder).filter((name) => !before.has(name)) : [];
    for (const name of fresh.sort()) {
      const text = readFileSync(path.join(mailFolder, name), 'utf8');
      const headerEnd = text.indexOf('\r\n\r\n') >= 0 ? text.indexOf('\r\n\r\n') : text.indexOf('\n\n');
      if (!text.slice(0, headerEnd).includes(email)) continue;
      const code = /\b(\d{6})\b/.exec(text.slice(headerEnd))?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no sign-in code mailed to ${email} within ${MAIL_WAIT_MS / 1000} s`);
}

/**
 * Signs in and answers a full session's token. With `newPassword`, an account still on its first
 * password changes it and signs in again with the new one.
 */
export async function signIn(options: {
  baseUrl: string;
  dataDir: string;
  username: string;
  email: string;
  password: string;
  newPassword?: string;
}): Promise<string> {
  const mailFolder = path.join(options.dataDir, 'mail');
  const withCode = async (password: string) => {
    const before = new Set(existsSync(mailFolder) ? readdirSync(mailFolder) : []);
    await callEndpoint(options.baseUrl, AUTH_ENDPOINTS.sendLoginOtp, {
      username: options.username,
      password,
    });
    const otp = await mailedCode(mailFolder, options.email, before);
    return callEndpoint(options.baseUrl, AUTH_ENDPOINTS.login, { username: options.username, password, otp });
  };
  const first = await withCode(options.password);
  if (!first.user.defaultPassword) return first.token.jwt;
  if (!options.newPassword) throw new Error(`${options.username} must change the first password`);
  await callEndpoint(
    options.baseUrl,
    AUTH_ENDPOINTS.resetPasswordByUser,
    { currentPassword: options.password, password: options.newPassword, newPassword: options.newPassword },
    { token: first.token.jwt },
  );
  return (await withCode(options.newPassword)).token.jwt;
}
