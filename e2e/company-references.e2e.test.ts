import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSessionOfFile } from './support/admin-session.ts';
import { searchList } from './support/list-search.ts';
import { chooseRowAction } from './support/row-actions.ts';
import { chooseOption } from './support/select.ts';
import type { RunningPanel } from './support/server.ts';

const session = adminSessionOfFile();
let panel: RunningPanel;
let page: Page;
beforeAll(() => ({ panel, page } = session));

const unique = Date.now().toString(36).slice(-5).toUpperCase();
const VALUE = `Retailer ${unique}`;
const COMPANY = `Gem House ${unique}`;

/** Opens an antd Select, types to narrow it, and picks the option with this label. */
async function choose(page: Page, control: ReturnType<Page['getByLabel']>, typed: string, label: string) {
  await chooseOption(page, control, { typed, option: label });
}

describe("a company's master values and sales person, in Chromium", () => {
  it('adds a value to a main master from its Values screen', async () => {
    await page.goto(`${panel.url}/hkadmin/master/main-master`);
    await searchList(page, 'Business type');
    const row = page.getByRole('row', { name: /BUSINESS_TYPE/ });
    await chooseRowAction(page, row, 'Values');
    await page.waitForURL('**/hkadmin/master/sub-master/*');
    await page.getByText('Sub Master — Business type').waitFor();
    await page.getByRole('button', { name: 'Add Master' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Name', { exact: true }).fill(VALUE);
    await drawer.getByLabel('Code', { exact: true }).fill(`RETAILER_${unique}`);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: VALUE, exact: true }).waitFor();
  });

  it('chooses the value and a staff user in the form, filters by them and shows them on the details', async () => {
    await page.goto(`${panel.url}/hkadmin/account`);
    await page.getByRole('button', { name: 'Add Company' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Name', { exact: true }).fill(COMPANY);
    await drawer.getByLabel('Code', { exact: true }).fill(`GH${unique}`);
    await choose(page, drawer.getByLabel('Business type', { exact: true }), unique.toLowerCase(), VALUE);
    await choose(page, drawer.getByLabel('Sales person', { exact: true }), 'super', 'Super Admin');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await choose(page, page.getByLabel('Filter by business type'), unique.toLowerCase(), VALUE);
    await expect.poll(() => page.url()).toContain('businessTypeId');
    const row = page.getByRole('row', { name: new RegExp(COMPANY) });
    await row.waitFor();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);

    await row.getByRole('button', { name: 'Edit' }).click();
    await drawer.getByTitle(VALUE).waitFor();
    await drawer.getByTitle('Super Admin').waitFor();
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await chooseRowAction(page, row, 'Details');
    await page.waitForURL('**/hkadmin/account-details/*');
    const details = page.locator('.ant-descriptions');
    await details.getByText(VALUE, { exact: true }).waitFor();
    await details.getByText('Super Admin', { exact: true }).waitFor();
  });
});
