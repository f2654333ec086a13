import { AUTH_ENDPOINTS } from '@facet/contract';
import type { Browser, Page } from 'playwright-core';
import { callEndpoint } from '../../apps/server/test/endpoint-client.ts';
import { type Mailbox, SIGN_IN_CODE } from './mailbox.ts';
import type { RunningPanel } from './server.ts';

export const ADMIN_EMAIL = 'admin@example.com';

/** What a person does on the sign-in and code screens, reading the code from the mail folder. */
export interface Credentials {
  username: string;
  password: string;
  /** Where the code goes: the user's primary e-mail (the admin's by default). */
  email?: string;
}

export async function signInThroughScreens(
  page: Page,
  panel: RunningPanel,
  mailbox: Mailbox,
  credentials: Credentials,
): Promise<void> {
  const seen = await mailbox.count();
  await page.goto(`${panel.url}/`);
  await page.waitForURL('**/hkadmin/signin');
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/hkadmin/otp-verification');
  const [, code] = await mailbox.waitFor(credentials.email ?? ADMIN_EMAIL, SIGN_IN_CODE, seen);
  await page.getByLabel('OTP').fill(code ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** First sign-in of a user with a default password: the forced change, then a normal sign-in. */
export async function firstSignIn(
  page: Page,
  panel: RunningPanel,
  mailbox: Mailbox,
  credentials: Credentials & { newPassword: string },
): Promise<void> {
  await signInThroughScreens(page, panel, mailbox, credentials);
  await page.waitForURL('**/hkadmin/update-default-password');
  await page.getByLabel('Current Password').fill(credentials.password);
  await page.getByLabel('New Password', { exact: true }).fill(credentials.newPassword);
  await page.getByLabel('Retype Password').fill(credentials.newPassword);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await page.waitForURL('**/hkadmin/signin');
  await signInThroughScreens(page, panel, mailbox, { ...credentials, password: credentials.newPassword });
  await page.waitForURL('**/hkadmin/dashboard');
}

async function loginThroughApi(panel: RunningPanel, mailbox: Mailbox, credentials: Credentials) {
  const seen = await mailbox.count();
  // Each call throws unless it answers OK.
  await callEndpoint(panel.url, AUTH_ENDPOINTS.sendLoginOtp, {
    username: credentials.username,
    password: credentials.password,
  });
  const [, otp] = await mailbox.waitFor(credentials.email ?? ADMIN_EMAIL, SIGN_IN_CODE, seen);
  return callEndpoint(panel.url, AUTH_ENDPOINTS.login, {
    username: credentials.username,
    password: credentials.password,
    otp: otp as string,
  });
}

/** Signs in through the API, as another client would, and answers the token. */
export async function signInThroughApi(
  panel: RunningPanel,
  mailbox: Mailbox,
  credentials: Credentials,
): Promise<string> {
  return (await loginThroughApi(panel, mailbox, credentials)).token.jwt;
}

/**
 * What firstSignIn does on the screens, through the API (sign-in-journey.e2e.test.ts walks the screens),
 * then the signed-in panel opened with the token, as another app hands one over: on the dashboard.
 */
export async function firstSignInThroughApi(
  page: Page,
  panel: RunningPanel,
  mailbox: Mailbox,
  credentials: Credentials & { newPassword: string },
): Promise<void> {
  const first = await loginThroughApi(panel, mailbox, credentials);
  await callEndpoint(
    panel.url,
    AUTH_ENDPOINTS.resetPasswordByUser,
    {
      currentPassword: credentials.password,
      password: credentials.newPassword,
      newPassword: credentials.newPassword,
    },
    { token: first.token.jwt },
  );
  const token = await signInThroughApi(panel, mailbox, { ...credentials, password: credentials.newPassword });
  await page.goto(`${panel.url}/hkadmin/signin?token=${encodeURIComponent(token)}`);
  await page.waitForURL('**/hkadmin/dashboard');
}

export async function freshPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  return context.newPage();
}

/** The sidebar's visible entries, groups and leaves, top to bottom. */
export async function sidebarEntries(page: Page): Promise<string[]> {
  const items = page.getByTestId('sidebar').locator('[role="menuitem"]');
  await items.first().waitFor();
  const texts = await items.allTextContents();
  return texts.map((text) => text.trim()).filter(Boolean);
}

/** Waits until every message shows on the page. */
export async function expectMessages(page: Page, messages: readonly string[]): Promise<void> {
  for (const message of messages) {
    await page.getByText(message, { exact: true }).first().waitFor({ state: 'visible', timeout: 5_000 });
  }
}
