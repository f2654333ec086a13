import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import { searchList } from './support/list-search.ts';
import { expectMessages } from './support/panel-session.ts';
import type { RunningPanel } from './support/server.ts';
import { openFromSidebar } from './support/sidebar.ts';

let session: AdminSession;
let panel: RunningPanel;
let page: Page;

beforeAll(async () => {
  session = await openAsAdmin();
  ({ panel, page } = session);
});

afterAll(async () => {
  await session?.close();
});

describe('a master-data screen of the resource engine, in Chromium', () => {
  it('opens Country from the sidebar, searches, sorts and pages the seeded countries', async () => {
    await openFromSidebar(page, 'Masters', 'Country', 'country');
    await page.getByRole('cell', { name: 'Afghanistan', exact: true }).waitFor();

    await page.getByPlaceholder('Search').fill('belg');
    await page.getByPlaceholder('Search').press('Enter');
    await page.getByRole('cell', { name: 'Belgium', exact: true }).waitFor();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    expect(page.url()).toContain('q=belg');

    await page.getByPlaceholder('Search').fill('');
    await page.getByPlaceholder('Search').press('Enter');
    await page.getByRole('columnheader', { name: /ISO code/ }).click();
    await expect.poll(() => page.url()).toContain('sort=code%3Aasc');
    await page.getByRole('cell', { name: 'Andorra', exact: true }).waitFor();
    await page.getByRole('columnheader', { name: /ISO code/ }).click();
    await expect.poll(() => page.url()).toContain('sort=code%3Adesc');
    await page.getByRole('cell', { name: 'Zimbabwe', exact: true }).waitFor();

    await page
      .getByRole('listitem', { name: '2' })
      .or(page.locator('.ant-pagination-item-2'))
      .first()
      .click();
    await expect.poll(() => page.url()).toContain('page=2');
    await page.reload();
    await expect.poll(() => page.url()).toContain('page=2');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  });

  it('creates a country with an invalid then a valid form, edits it, toggles it and reads its history', async () => {
    await page.goto(`${panel.url}/hkadmin/country`);
    await page.getByRole('button', { name: 'Add Country' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expectMessages(page, ['Please input name!', 'Please input iso code!']);

    await drawer.getByLabel('Name', { exact: true }).fill('Facetland');
    await drawer.getByLabel('ISO code', { exact: true }).fill('BE');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expectMessages(page, ['This iso code is already used.']);
    await drawer.getByLabel('ISO code', { exact: true }).fill('QZ');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await searchList(page, 'Facetland');
    const row = page.getByRole('row', { name: /Facetland/ });
    await row.waitFor();
    await row.getByRole('button', { name: 'Edit' }).click();
    await drawer.getByLabel('Phone code', { exact: true }).fill('+999');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await row.getByRole('cell', { name: '+999', exact: true }).waitFor();

    await page.getByRole('switch', { name: 'Active of Facetland' }).click();
    await expect
      .poll(() => page.getByRole('switch', { name: 'Active of Facetland' }).getAttribute('aria-checked'))
      .toBe('false');

    await row.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog');
    await history.getByText('country.create').waitFor();
    await history.getByText('country.update').waitFor();
    await history.getByText('country.status').waitFor();
    await history.getByText('Phone code', { exact: true }).waitFor();
  });

  it('exports the filtered list as CSV and Excel, and the files hold what the list shows', async () => {
    await page.goto(`${panel.url}/hkadmin/country?q=Facetland`);
    await page.getByRole('row', { name: /Facetland/ }).waitFor();

    for (const [label, check] of [
      ['CSV (.csv)', (text: Buffer) => expect(text.toString('utf8')).toMatch(/Name.*\n.*Facetland.*QZ/s)],
      ['Excel (.xlsx)', (bytes: Buffer) => expect(bytes.subarray(0, 2).toString()).toBe('PK')],
    ] as const) {
      await page.getByRole('button', { name: 'Export' }).click();
      const download = page.waitForEvent('download');
      await page.getByText(label, { exact: true }).click();
      const file = await (await download).path();
      check(await readFile(file));
    }
  });
});
