import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { expectMessages, freshPage } from './support/panel-session.ts';
import { type RunningPanel, startPanel } from './support/server.ts';

let panel: RunningPanel;
let browser: Browser;

beforeAll(async () => {
  panel = await startPanel();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await panel?.stop();
});

describe('public screens, in Chromium', () => {
  it('redirects every path without a token to the sign-in screen', async () => {
    const page = await freshPage(browser);
    for (const path of [
      '/',
      '/hkadmin',
      '/hkadmin/dashboard',
      '/hkadmin/user',
      '/hkadmin/otp-verification',
    ]) {
      await page.goto(`${panel.url}${path}`);
      await page.waitForURL('**/hkadmin/signin');
    }
    await page.context().close();
  });

  it('shows the sign-in messages and the server answer to wrong credentials', async () => {
    const page = await freshPage(browser);
    await page.goto(`${panel.url}/hkadmin/signin`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectMessages(page, ['The input is not valid Username!', 'Please input your Password!']);
    expect(page.url()).toContain('/hkadmin/signin');

    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectMessages(page, ['Invalid username or password.']);
    expect(page.url()).toContain('/hkadmin/signin');
    await page.context().close();
  });

  it('shows the sign-up messages and creates an account that awaits activation', async () => {
    const page = await freshPage(browser);
    await page.goto(`${panel.url}/signup`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expectMessages(page, [
      'Please input your username!',
      'The input is not valid E-mail!',
      'Please input your Password!',
    ]);
    await page.getByLabel('Name').fill('Ruby Stone');
    await page.getByLabel('E-mail').fill('not-an-email');
    await expectMessages(page, ['The input is not valid E-mail!']);
    await page.getByLabel('E-mail').fill('ruby@example.com');
    await page.getByLabel('Password').fill('emerald-cut-7');
    await page.getByText('I accept the terms and conditions').click();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expectMessages(page, ['Your account has been created. An administrator will activate it.']);

    await page.goto(`${panel.url}/hkadmin/signin`);
    await page.getByLabel('Username').fill('ruby@example.com');
    await page.getByLabel('Password').fill('emerald-cut-7');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectMessages(page, ['Your account is not active. Please contact admin.']);
    await page.context().close();
  });

  it('shows the forgot-password messages', async () => {
    const page = await freshPage(browser);
    await page.goto(`${panel.url}/hkadmin/forgot-password`);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectMessages(page, ['Please input your E-mail!']);
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectMessages(page, ['The input is not valid E-mail!']);
    await page.getByRole('link', { name: /sign in|login/i }).click();
    await page.waitForURL('**/hkadmin/signin');
    await page.context().close();
  });

  it('shows the reset-by-link messages', async () => {
    const page = await freshPage(browser);
    await page.goto(`${panel.url}/hkadmin/reset-password/some-reset-id`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectMessages(page, ['Please input your password!', 'Please confirm your password!']);
    await page.getByLabel('New Password').fill('marquise-cut-1');
    await page.getByLabel('Retype Password').fill('marquise-cut-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectMessages(page, ['Two passwords that you enter is inconsistent!']);
    await page.context().close();
  });

  it('leaves the code screen for the site root on Cancel', async () => {
    const page = await freshPage(browser);
    await page.goto(`${panel.url}/hkadmin/signin`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(await panel.initialAdminPassword());
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/hkadmin/otp-verification');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/hkadmin/signin');
    await page.context().close();
  });
});
