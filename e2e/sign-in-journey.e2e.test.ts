import { AUTH_ENDPOINTS } from '@facet/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestEndpoint } from '../apps/server/test/endpoint-client.ts';
import { launchBrowser } from './support/browser.ts';
import { Mailbox, RESET_LINK } from './support/mailbox.ts';
import {
  ADMIN_EMAIL,
  expectMessages,
  freshPage,
  signInThroughApi,
  signInThroughScreens,
} from './support/panel-session.ts';
import { type RunningPanel, startPanel } from './support/server.ts';

let panel: RunningPanel;
let browser: Browser;
let mailbox: Mailbox;
/** The admin's password as the journey changes it. */
let adminPassword = '';

beforeAll(async () => {
  panel = await startPanel();
  mailbox = new Mailbox(`${panel.dataDir}/mail`);
  browser = await launchBrowser();
  adminPassword = await panel.initialAdminPassword();
});

afterAll(async () => {
  await browser?.close();
  await panel?.stop();
});

describe('the journey of a new installation, in Chromium', () => {
  it('forces a new password at first sign-in, then signs in to the dashboard and out again', async () => {
    const page = await freshPage(browser);
    await page.goto(`${panel.url}/`);
    await page.waitForURL('**/hkadmin/signin');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/hkadmin/otp-verification');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectMessages(page, ['Please input your otp!']);

    const [, code] = await mailbox.waitFor(ADMIN_EMAIL, /\b(\d{6})\b/, 0);
    await page.getByLabel('OTP').fill(code ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.waitForURL('**/hkadmin/update-default-password');
    // A stored default-password user sends the root back to the forced change.
    await page.goto(`${panel.url}/`);
    await page.waitForURL('**/hkadmin/update-default-password');

    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectMessages(page, [
      'Please input your old password!',
      'Please input your password!',
      'Please confirm your password!',
    ]);
    await page.getByLabel('Current Password').fill('short');
    await page.getByLabel('New Password', { exact: true }).fill('tiny');
    await page.getByLabel('Retype Password').fill('other');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectMessages(page, [
      'Password must be minimum of 8 digit.',
      'New Password must be minimum of 8 digit.',
      'Two passwords that you enter is inconsistent!',
    ]);

    const newPassword = 'diamonds-are-forever';
    await page.getByLabel('Current Password').fill(adminPassword);
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Retype Password').fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.waitForURL('**/hkadmin/signin');
    adminPassword = newPassword;

    await signInThroughScreens(page, panel, mailbox, { username: 'admin', password: adminPassword });
    await page.waitForURL('**/hkadmin/dashboard');
    await expect.poll(() => page.getByTestId('header-email').textContent()).toBe(ADMIN_EMAIL);
    const sidebar = page.getByTestId('sidebar');
    for (const group of [
      'Dashboard',
      'Masters',
      'Customer',
      'Report',
      'Marketing',
      'Forum',
      'Setting',
      'Parcel',
    ]) {
      await sidebar.getByText(group, { exact: true }).first().waitFor();
    }

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('Logging out…').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    await page.waitForURL('**/hkadmin/signin', { timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.goto(`${panel.url}/hkadmin/dashboard`);
    await page.waitForURL('**/hkadmin/signin');
    await page.context().close();
  });

  it('checks the reset-password dialog of the profile and changes the password with it', async () => {
    const page = await freshPage(browser);
    await signInThroughScreens(page, panel, mailbox, { username: 'admin', password: adminPassword });
    await page.waitForURL('**/hkadmin/dashboard');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('button', { name: 'My Account' }).click();
    await page.waitForURL('**/hkadmin/profile');
    await page.getByText('admin', { exact: true }).first().waitFor();

    await page.getByRole('button', { name: 'Reset Password' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('button', { name: 'OK' })
      .or(dialog.getByRole('button', { name: /save|submit/i }))
      .click();
    await expectMessages(page, ['Please enter new password', 'Please enter confirm password']);
    await dialog.getByLabel('New Password').fill('brilliant-cut-1');
    await dialog.getByLabel('Confirm Password').fill('brilliant-cut-2');
    await dialog.getByLabel('Confirm Password').blur();
    await expectMessages(page, ['Password not matched']);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Reset Password' }).click();
    expect(await dialog.getByLabel('New Password').inputValue()).toBe('');
    expect(await page.getByText('Password not matched').count()).toBe(0);

    await dialog.getByLabel('Current Password').fill(adminPassword);
    await dialog.getByLabel('New Password').fill('brilliant-cut-1');
    await dialog.getByLabel('Confirm Password').fill('brilliant-cut-1');
    await dialog
      .getByRole('button', { name: 'OK' })
      .or(dialog.getByRole('button', { name: /save|submit/i }))
      .click();
    await dialog.waitFor({ state: 'hidden' });
    await expectMessages(page, ['Your password has been changed.']);
    adminPassword = 'brilliant-cut-1';
    await page.context().close();
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const page = await freshPage(browser);
    await page.goto(`${panel.url}/hkadmin/signin`);
    await page.getByRole('link', { name: /forgot/i }).click();
    await page.waitForURL('**/hkadmin/forgot-password');
    const seen = await mailbox.count();
    await page.getByLabel('E-mail').fill(ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectMessages(page, ['If the account exists, a reset link has been sent to its e-mail.']);

    const [, link] = await mailbox.waitFor(ADMIN_EMAIL, RESET_LINK, seen);
    await page.goto(link ?? '');
    await page.getByLabel('New Password').fill('princess-cut-9');
    await page.getByLabel('Retype Password').fill('princess-cut-9');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectMessages(page, ['Your password has been changed.']);
    adminPassword = 'princess-cut-9';

    // The link is good once only.
    await page.goto(link ?? '');
    await page.getByLabel('New Password').fill('princess-cut-10');
    await page.getByLabel('Retype Password').fill('princess-cut-10');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectMessages(page, ['The reset link is not valid or has expired.']);

    await signInThroughScreens(page, panel, mailbox, { username: 'admin', password: adminPassword });
    await page.waitForURL('**/hkadmin/dashboard');
    await page.context().close();
  });

  it('signs in with ?token= and forces a sign-out once the server revokes the token', async () => {
    const token = await signInThroughApi(panel, mailbox, { username: 'admin', password: adminPassword });
    const page = await freshPage(browser);
    // The bell asks for its notifications once it has loaded: revoked before that, the session ends at
    // the bell's request instead of the navigation below.
    const bellAsked = page.waitForResponse((response) => response.url().includes('/apis/notification/'));
    await page.goto(`${panel.url}/hkadmin/signin?token=${encodeURIComponent(token)}`);
    await page.waitForURL('**/hkadmin/dashboard');
    await expect.poll(() => page.getByTestId('header-email').textContent()).toBe(ADMIN_EMAIL);
    await bellAsked;

    const logout = await requestEndpoint(panel.url, AUTH_ENDPOINTS.logout, undefined, { token });
    expect(logout.body.code).toBe('OK');

    await page.getByTestId('sidebar').getByText('Marketing', { exact: true }).click();
    await page.getByTestId('sidebar').getByText('Banner', { exact: true }).click();
    await page.waitForURL('**/hkadmin/signin');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.context().close();
  });

  it('opens the menu as a drawer below 992 px and shows the not-found page for unknown paths', async () => {
    const page = await freshPage(browser, 800);
    await signInThroughScreens(page, panel, mailbox, { username: 'admin', password: adminPassword });
    await page.waitForURL('**/hkadmin/dashboard');
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('sidebar').waitFor({ state: 'visible' });
    await page.getByTestId('sidebar').getByText('Forum', { exact: true }).click();
    await page.getByTestId('sidebar').getByText('Contact', { exact: true }).click();
    await page.waitForURL('**/hkadmin/contact');

    await page.goto(`${panel.url}/hkadmin/no-such-screen`);
    await expectMessages(page, ['Oops, an error has occurred. Page not found!']);
    await page.context().close();
  });
});
