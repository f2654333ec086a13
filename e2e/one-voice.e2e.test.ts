import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSessionOfFile } from './support/admin-session.ts';
import { searchList } from './support/list-search.ts';
import { expectMessages } from './support/panel-session.ts';
import { chooseOption } from './support/select.ts';
import type { RunningPanel } from './support/server.ts';

const session = adminSessionOfFile();
let panel: RunningPanel;
let page: Page;
beforeAll(() => ({ panel, page } = session));

/** A valid 1×1 PNG, built here so the test carries its own file. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The toasts showing `text`: every toast, success or failure, comes from the one host, bottom-left. */
const toasts = (text: string) =>
  page.locator('.ant-notification-bottomLeft .ant-notification-notice').filter({ hasText: text });

/** The form item holding a label, for what sits under or inside it. */
const formItem = (within: Locator, label: string) =>
  within
    .locator('.ant-form-item')
    .filter({ has: page.getByText(label, { exact: true }) })
    .last();

describe('forms and toasts in one voice, in Chromium', () => {
  it('adds a banner through the form, names it in the toast, and lists it with a thumbnail and its status', async () => {
    const name = `Winter collection ${Date.now().toString(36)}`;
    await page.goto(`${panel.url}/hkadmin/banner`);
    await page.getByRole('button', { name: 'Add banner' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add banner' });
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expectMessages(page, ['Enter a name.', 'Choose a type.']);

    await drawer.getByLabel('Name', { exact: true }).fill(name);
    await chooseOption(page, drawer.getByLabel('Type', { exact: true }));
    await formItem(drawer, 'Desktop image')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'winter.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await formItem(drawer, 'Desktop image').getByRole('img', { name: 'winter.png' }).waitFor();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await toasts(`Banner '${name}' created.`).waitFor();

    await searchList(page, name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    const thumbnail = row.getByRole('img', { name });
    await thumbnail.waitFor();
    expect(await thumbnail.getAttribute('loading')).toBe('lazy');
    const box = await thumbnail.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(64);
    // Shown from no date until no date: customers see it now.
    await row
      .locator('.ant-tag')
      .filter({ hasText: /^Live$/ })
      .waitFor();

    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: `Edit banner '${name}'` }).waitFor();
  });

  it('puts a server-side refusal of a duplicate under its field', async () => {
    const term = `Net ${Date.now().toString(36)}`;
    for (const attempt of [1, 2]) {
      await page.goto(`${panel.url}/hkadmin/terms`);
      await page.getByRole('button', { name: 'Add term' }).click();
      const drawer = page.getByRole('dialog', { name: 'Add term' });
      await drawer.getByLabel('Name', { exact: true }).fill(term);
      await drawer.getByLabel('Days', { exact: true }).fill('30');
      await drawer.getByRole('button', { name: 'Save' }).click();
      if (attempt === 1) {
        await drawer.waitFor({ state: 'hidden' });
        await toasts(`Term '${term}' created.`).waitFor();
        continue;
      }
      // Only the server knows the name is taken: its answer lands on the Name field.
      await formItem(drawer, 'Name')
        .locator('.ant-form-item-explain-error')
        .filter({ hasText: 'Enter another name: this one is already used.' })
        .waitFor();
      await drawer.getByRole('button', { name: 'Cancel' }).click();
    }
  });

  it('shows settings by their labels, with a colour picker for colours and a picker for dates', async () => {
    await page.goto(`${panel.url}/hkadmin/general-setting`);
    const screen = page.locator('main');
    await screen.getByText('Support e-mail', { exact: true }).waitFor();
    await screen.getByText('Where customers write for help.', { exact: true }).waitFor();
    expect(await screen.getByText('support-email').count()).toBe(0);
    expect(await screen.getByText('legacy-order-store.last-import').count()).toBe(0);

    const theme = formItem(screen, 'Apps theme');
    expect(await theme.locator('input[type="color"]').count()).toBeGreaterThanOrEqual(11);
    await formItem(screen, 'Last import of old orders').locator('.ant-picker').waitFor();
    await formItem(screen, 'Daily digest time').locator('.ant-picker').waitFor();
    await formItem(screen, 'Apps offline').getByRole('switch').waitFor();

    // A value that does not fit its input is refused under it, in the same voice.
    await formItem(screen, 'Support e-mail').getByRole('textbox').fill('not-an-address');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectMessages(page, ['Enter a valid e-mail address.']);

    await formItem(screen, 'Support e-mail').getByRole('textbox').fill('help@facet.example');
    await formItem(screen, 'Primary').locator('input[type="color"]').fill('#fa8c16');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toasts('2 settings saved.').waitFor();

    await page.reload();
    await expect
      .poll(() => formItem(page.locator('main'), 'Primary').getByPlaceholder('#RRGGBB').inputValue(), {
        timeout: 15_000,
      })
      .toBe('#fa8c16');
    expect(await formItem(page.locator('main'), 'Support e-mail').getByRole('textbox').inputValue()).toBe(
      'help@facet.example',
    );
  });
});
