import type { Browser, Page } from 'playwright-core';
import { type Mailbox, SIGN_IN_CODE } from './mailbox.ts';
import type { RunningPanel } from './server.ts';

export const ADMIN_EMAIL = 'admin@example.com';

/** What a person does on the sign-in and code screens, reading the code from the mail folder. */
export async function signInThroughScreens(
  page: Page,
  panel: RunningPanel,
  mailbox: Mailbox,
  credentials: { username: string; password: string },
): Promise<void> {
  const seen = await mailbox.count();
  await page.goto(`${panel.url}/`);
  await page.waitForURL('**/hkadmin/signin');
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/hkadmin/otp-verification');
  const [, code] = await mailbox.waitFor(ADMIN_EMAIL, SIGN_IN_CODE, seen);
  await page.getByLabel('OTP').fill(code ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Signs in through the API, as another client would, and answers the token. */
export async function signInThroughApi(
  panel: RunningPanel,
  mailbox: Mailbox,
  credentials: { username: string; password: string },
): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${panel.url}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((response) => response.json() as Promise<{ code: string; data: { token: { jwt: string } } }>);
  const seen = await mailbox.count();
  const sent = await post('admin/auth/send-login-otp', credentials);
  if (sent.code !== 'OK') throw new Error(`send-login-otp answered ${JSON.stringify(sent)}`);
  const [, otp] = await mailbox.waitFor(ADMIN_EMAIL, SIGN_IN_CODE, seen);
  const login = await post('admin/auth/login', { ...credentials, otp });
  if (login.code !== 'OK') throw new Error(`login answered ${JSON.stringify(login)}`);
  return login.data.token.jwt;
}

export async function freshPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  return context.newPage();
}

/** Waits until every message shows on the page. */
export async function expectMessages(page: Page, messages: readonly string[]): Promise<void> {
  for (const message of messages) {
    await page.getByText(message, { exact: true }).first().waitFor({ state: 'visible', timeout: 5_000 });
  }
}
