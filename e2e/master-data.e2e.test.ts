import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSessionOfFile } from './support/admin-session.ts';
import { searchList } from './support/list-search.ts';
import { expectMessages } from './support/panel-session.ts';
import { chooseRowAction } from './support/row-actions.ts';
import type { RunningPanel } from './support/server.ts';
import { openFromSidebar } from './support/sidebar.ts';

const session = adminSessionOfFile();
let panel: RunningPanel;
let page: Page;
beforeAll(() => ({ panel, page } = session));

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
    const isoCode = page.getByRole('columnheader', { name: /ISO code/ });
    await isoCode.click();
    await expect.poll(() => page.url()).toContain('sort=code%3Aasc');
    await page.getByRole('cell', { name: 'Andorra', exact: true }).waitFor();
    // The header shows the sort it now has before it takes the next click.
    await expect.poll(() => isoCode.getAttribute('aria-sort')).toBe('ascending');
    await isoCode.click();
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
    await page.getByRole('button', { name: 'Add country' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expectMessages(page, ['Enter a name.', 'Enter an ISO code.']);

    await drawer.getByLabel('Name', { exact: true }).fill('Facetland');
    await drawer.getByLabel('ISO code', { exact: true }).fill('BE');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expectMessages(page, ['Enter another ISO code: this one is already used.']);
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

    await chooseRowAction(page, row, 'History');
    const history = page.getByRole('dialog');
    await history.getByText('Country created').waitFor();
    await history.getByText('Country updated').waitFor();
    await history.getByText('Country no longer active').waitFor();
    await history.getByText('Phone code: — → +999', { exact: true }).waitFor();
  });

  it('refuses to delete a country its states use, naming them, and deletes nothing', async () => {
    await page.goto(`${panel.url}/hkadmin/country?q=Belgium`);
    const row = page.getByRole('row', { name: /Belgium/ });
    await chooseRowAction(page, row, 'Delete');
    const question = page.getByRole('dialog', { name: "Delete country 'Belgium'?" });
    await question.getByText('This cannot be undone.').waitFor();
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    await question
      .getByText(/^Country 'Belgium' is used by \d+ states\. Remove or move them first\.$/)
      .waitFor();
    // Asking again would get the same answer: only Close is left.
    expect(await question.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).toBe(true);
    await question.getByRole('button', { name: 'Close', exact: true }).last().click();
    await question.waitFor({ state: 'hidden' });
    await row.waitFor();
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
