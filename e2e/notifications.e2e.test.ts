import { NOTIFICATION_MESSAGES } from '@facet/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSessionOfFile } from './support/admin-session.ts';
import { expectMessages } from './support/panel-session.ts';
import { chooseOption } from './support/select.ts';
import type { RunningPanel } from './support/server.ts';

const session = adminSessionOfFile();
let panel: RunningPanel;
let page: Page;
beforeAll(() => ({ panel, page } = session));

const bell = () => page.getByRole('button', { name: /^Notifications/ });

/** Picks the option starting with `text` in the select labelled `field`. */
async function pick(field: 'User types' | 'Users', text: string, typed?: string): Promise<void> {
  await chooseOption(page, page.getByLabel(field), { option: new RegExp(`^${text}`), typed });
}

async function sendForm(): Promise<void> {
  await page.goto(`${panel.url}/hkadmin/notification/upsert`);
  await page.getByRole('heading', { name: 'Send a notification' }).waitFor();
}

describe('notifications, as an admin meets them in Chromium', () => {
  it('sends from the panel; the bell shows it, and marking it read clears the count', async () => {
    // Nothing yet; the bell leads to the send form.
    await page.goto(`${panel.url}/hkadmin/dashboard`);
    await expect.poll(() => bell().getAttribute('aria-label')).toBe('Notifications');
    await bell().click();
    await page.getByText('No notifications yet.').waitFor();
    await page.getByRole('link', { name: 'Send a notification' }).click();
    await page.waitForURL('**/hkadmin/notification/upsert');
    await page.getByRole('heading', { name: 'Send a notification' }).waitFor();

    // An empty form: the contract's messages, before any call.
    await page.getByRole('button', { name: 'Send' }).click();
    await expectMessages(page, [
      NOTIFICATION_MESSAGES.titleRequired,
      NOTIFICATION_MESSAGES.messageRequired,
      NOTIFICATION_MESSAGES.recipientsRequired,
    ]);

    // A user type nobody holds: the server's refusal lands on the recipients.
    await page.getByLabel('Title').fill('Vault closed on Friday');
    await page.getByLabel('Message').fill('The vault closes at noon on Friday for the inventory.');
    await pick('User types', 'Guest');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .locator('.ant-form-item-explain-error', { hasText: NOTIFICATION_MESSAGES.noRecipients })
      .waitFor();

    // The admin picks themself among the users, found by searching.
    await page.getByLabel('User types').click();
    await page.locator('.ant-select-selection-item-remove').first().click();
    await page.keyboard.press('Escape');
    await pick('Users', 'Super Admin', 'admin');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText(NOTIFICATION_MESSAGES.sent(1)).first().waitFor();
    await page.getByText('Sent to 1 user.', { exact: true }).waitFor();
    // The history below the form lists the send: its title, one recipient, none read yet.
    const history = page.locator('.ant-card').filter({ hasText: 'Sent notifications' });
    const sentRow = history.getByRole('row', { name: /Vault closed on Friday/ });
    await sentRow.waitFor();
    expect(await sentRow.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['1', '0', 'Super Admin']),
    );

    await expect.poll(() => bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await bell().click();
    const latest = page.getByRole('list', { name: 'Latest notifications' });
    await latest.getByText('Vault closed on Friday').waitFor();
    await latest.getByText('The vault closes at noon on Friday for the inventory.').waitFor();
    await latest.getByRole('button', { name: 'Mark as read' }).click();
    await expect.poll(() => bell().getAttribute('aria-label')).toBe('Notifications');
    await expect.poll(() => latest.getByRole('button', { name: 'Mark as read' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('marks everything read at once', async () => {
    await sendForm();
    for (const title of ['Prices updated', 'New arrivals']) {
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Message').fill(`${title} today.`);
      await pick('User types', 'Super admin');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Sent to 1 user.', { exact: true }).waitFor();
    }
    await expect.poll(() => bell().getAttribute('aria-label')).toBe('Notifications, 2 unread');
    await bell().click();
    await page
      .getByRole('list', { name: 'Latest notifications' })
      .getByText('New arrivals', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => bell().getAttribute('aria-label')).toBe('Notifications');
    // It stays cleared after a reload: the server holds the read marks.
    await page.reload();
    await page.getByRole('heading', { name: 'Send a notification' }).waitFor();
    await expect.poll(() => bell().getAttribute('aria-label')).toBe('Notifications');
  });

  it('fits the bell’s list and the profile’s channel switches on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const inScreen = async (locator: ReturnType<Page['locator']>) => {
      const box = await locator.boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= 390;
    };
    await page.goto(`${panel.url}/hkadmin/dashboard`);
    await bell().click();
    const list = page.getByRole('list', { name: 'Latest notifications' });
    await list.waitFor();
    await expect.poll(() => inScreen(page.locator('.notification-popover'))).toBe(true);
    expect(await inScreen(page.getByRole('button', { name: 'Mark all read' }))).toBe(true);
    await page.keyboard.press('Escape');

    await page.goto(`${panel.url}/hkadmin/profile`);
    const lastSwitch = page.getByRole('switch', { name: /^Push: / }).last();
    await lastSwitch.waitFor();
    expect(await inScreen(lastSwitch)).toBe(true);
    await page.getByText(/In app: in the bell at the top of the panel/).waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
