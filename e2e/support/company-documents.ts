import type { Locator, Page } from 'playwright-core';
import { searchList } from './list-search.ts';
import { chooseRowAction } from './row-actions.ts';

/**
 * Adds a company named `name` (code `code`) through Companies, opens its details on the Documents tab and
 * the "Add document" dialog; answers that dialog.
 */
export async function openAddDocumentOfNewCompany(
  page: Page,
  panelUrl: string,
  company: { name: string; code: string },
): Promise<Locator> {
  await page.goto(`${panelUrl}/hkadmin/account`);
  await page.getByRole('button', { name: 'Add Company' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Name', { exact: true }).fill(company.name);
  await drawer.getByLabel('Code', { exact: true }).fill(company.code);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await drawer.waitFor({ state: 'hidden' });
  await searchList(page, company.name);
  await chooseRowAction(page, page.getByRole('row', { name: new RegExp(company.name) }), 'Details');
  await page.waitForURL('**/hkadmin/account-details/*');
  await page.getByRole('tab', { name: /Documents/ }).click();
  await page.getByRole('button', { name: 'Add document' }).click();
  return page.getByRole('dialog');
}
