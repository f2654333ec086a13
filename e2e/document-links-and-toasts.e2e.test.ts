import { ACCOUNT_MESSAGES, AUTH_RESULTS } from '@facet/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSessionOfFile } from './support/admin-session.ts';
import { openAddDocumentOfNewCompany } from './support/company-documents.ts';
import { freshPage } from './support/panel-session.ts';
import type { RunningPanel } from './support/server.ts';

const session = adminSessionOfFile();
let panel: RunningPanel;
let page: Page;
beforeAll(() => ({ panel, page } = session));

const INVALID_CREDENTIALS = 'Invalid username or password.';

/** The bottom-left error toasts showing `text`. */
const errorToasts = (on: Page, text: string) =>
  on.locator('.ant-notification-bottomLeft .ant-notification-notice').filter({ hasText: text });

describe("a company's document added from a pasted address, in Chromium", () => {
  it('refuses a javascript: address at "Use" without making it a link, and adds a typed http(s) address', async () => {
    const unique = Date.now().toString(36).toUpperCase();
    const company = `Linked Gems ${unique}`;
    const modal = await openAddDocumentOfNewCompany(page, panel.url, { name: company, code: `LG${unique}` });
    await modal.getByLabel('Document type', { exact: true }).fill('Trade licence');
    await modal.getByRole('button', { name: 'or paste a URL' }).click();
    const address = modal.getByPlaceholder('https://…');
    await address.fill('javascript:alert(1)');
    await modal.getByRole('button', { name: 'Use' }).click();
    await modal.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.fileUrlInvalid }).waitFor();
    expect(await modal.getByRole('link').count()).toBe(0);
    expect(await modal.locator('[href^="javascript"], [src^="javascript"]').count()).toBe(0);

    // Typed, not attached with "Use": Add takes the address rather than asking for a file.
    await address.fill('https://example.com/scans/trade-licence.pdf');
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await modal.waitFor({ state: 'hidden' });
    const open = page.getByRole('row', { name: /Trade licence/ }).getByRole('link', { name: 'Open' });
    await open.waitFor();
    expect(await open.getAttribute('href')).toBe('https://example.com/scans/trade-licence.pdf');
  });
});

describe('error toasts, as a user locked out after wrong passwords meets them, in Chromium', () => {
  it('shows a repeated error once, and keeps the long lock-out message long enough to read', async () => {
    const visitor = await freshPage(session.browser);
    await visitor.goto(`${panel.url}/hkadmin/signin`);
    await visitor.getByLabel('Username').fill(`walkthrough-${Date.now().toString(36)}`);
    await visitor.getByLabel('Password').fill('not-the-password');
    const attempt = async () => {
      const answered = visitor.waitForResponse((response) => response.url().endsWith('/send-login-otp'));
      await visitor.getByRole('button', { name: 'Sign In' }).click();
      await answered;
    };

    for (let tries = 0; tries < 10; tries += 1) await attempt();
    await errorToasts(visitor, INVALID_CREDENTIALS).first().waitFor();
    // Each new copy replaces the last; the one leaving may take a moment to go.
    await expect.poll(() => errorToasts(visitor, INVALID_CREDENTIALS).count(), { timeout: 1500 }).toBe(1);

    await attempt();
    const lockedOut = errorToasts(visitor, AUTH_RESULTS.accountLocked);
    await lockedOut.waitFor();
    // Hovering holds a toast: the pointer is kept away from it.
    await visitor.mouse.move(1200, 40);
    const shownAt = Date.now();
    await visitor.waitForTimeout(6000);
    expect(await lockedOut.isVisible()).toBe(true);
    await lockedOut.waitFor({ state: 'hidden', timeout: 8000 });
    // Read at about 15 characters a second, capped at ten seconds, and gone after that.
    expect(Date.now() - shownAt).toBeLessThan(12_000);
    await visitor.context().close();
  });
});
