import { readFile } from 'node:fs/promises';
import {
  type EndpointSpec,
  NONCERT_ENDPOINTS,
  nonCertResource,
  pathOf,
  resourceEndpoints,
  STORAGE_KEYS,
} from '@facet/contract';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../apps/server/test/endpoint-client.ts';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import { searchList } from './support/list-search.ts';
import { chooseRowAction } from './support/row-actions.ts';
import { chooseOption } from './support/select.ts';
import type { RunningPanel } from './support/server.ts';
import { openFromSidebar } from './support/sidebar.ts';

/**
 * Non-certified goods as a trader handles them: a lot opened from the sidebar, its criteria entered
 * with a reversed colour range the server refuses and then corrected, the lot toggled inactive, its
 * criteria exported and the file opened, and the lot edited on its own form.
 */
let session: AdminSession;
let panel: RunningPanel;
let page: Page;

const number = `NC-E2E-${Date.now().toString(36).slice(-5).toUpperCase()}`;
const SLOW = { timeout: 10_000 };

/** Reads a record of the lot as the signed-in panel user: `endpoint` at the lot's id. */
async function read<E extends EndpointSpec>(endpoint: E, id: string) {
  const token = (await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)) ?? '';
  return callEndpoint(panel.url, endpoint, undefined, { token, params: { id } });
}

/** Picks a value in a select by typing it, as a keyboard user does. */
async function choose(label: string, value: string): Promise<void> {
  await chooseOption(page, page.getByLabel(label, { exact: true }), {
    typed: value,
    option: new RegExp(`^${value.replace(/[.]/g, '\\.')}$`),
  });
}

const cell = (label: string) => page.getByLabel(label, { exact: true });

let lotId = '';

beforeAll(async () => {
  session = await openAsAdmin();
  ({ panel, page } = session);
});

afterAll(async () => {
  await session?.close();
});

describe('non-certified goods, in Chromium', () => {
  it('opens Non Cert from the sidebar and adds a lot', async () => {
    await page.goto(`${panel.url}/hkadmin/dashboard`);
    await openFromSidebar(page, 'Masters', 'Non Cert', 'noncert');

    await page.getByRole('button', { name: 'Add Non-certified lot' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Lot number', { exact: true }).fill(number);
    await drawer.getByLabel('Name', { exact: true }).fill('Surat melee, May');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await searchList(page, number);
    const row = page.getByRole('row', { name: new RegExp(number) });
    await chooseRowAction(page, row, 'Criteria');
    await page.waitForURL('**/hkadmin/noncert/criteria/*');
    lotId = page.url().split('/').at(-1) ?? '';
    await page.getByText(`Criteria of lot ${number}`).waitFor();
  });

  it('refuses a reversed colour range on its cell, then saves the corrected criteria', async () => {
    await page.getByRole('button', { name: 'Add row' }).click();
    await choose('Shape (row 1)', 'Round');
    await cell('Carat from (row 1)').fill('0.3');
    await cell('Carat to (row 1)').fill('0.39');
    await choose('Color from (row 1)', 'F');
    await choose('Color to (row 1)', 'D');
    await choose('Clarity from (row 1)', 'VS1');
    await choose('Clarity to (row 1)', 'VS2');
    await cell('Pieces (row 1)').fill('10');
    await cell('Carats (row 1)').fill('3.456');
    await cell('Price/ct (row 1)').fill('1250');
    await cell('Remarks (row 1)').click();
    await expect.poll(() => cell('Amount (row 1)').inputValue()).toBe('4320.00');

    // The second row takes the first one's shape; its size sets the carat range.
    await page.getByRole('button', { name: 'Add row' }).click();
    await choose('Size (row 2)', '1.00-1.49');
    expect(await cell('Carat from (row 2)').inputValue()).toBe('1.000');
    await cell('Pieces (row 2)').fill('2');
    await cell('Carats (row 2)').fill('2.6');
    await cell('Price/ct (row 2)').fill('5000');
    await cell('Remarks (row 2)').click();

    const reversed = 'The color range must run from the better grade to the lower one (D-F, not F-D).';
    await page.getByRole('button', { name: 'Save criteria' }).click();
    // On the cell, without the row number the toast names.
    await page.getByText(reversed, { exact: true }).waitFor(SLOW);
    await page.getByText(`Row 1: ${reversed}`, { exact: true }).waitFor(SLOW);
    const stored = await read(NONCERT_ENDPOINTS.criteriaView, lotId);
    expect(stored.criteria).toEqual([]);

    await choose('Color from (row 1)', 'D');
    await choose('Color to (row 1)', 'F');
    await page.getByRole('button', { name: 'Save criteria' }).click();
    await page.getByText('Criteria saved.').waitFor(SLOW);
    await expect.poll(() => page.getByLabel('Total carats').innerText()).toBe('6.056');
    expect(await page.getByLabel('Total amount').innerText()).toBe('USD 17,320.00');
    expect(await page.getByLabel('Total pieces').innerText()).toBe('12');

    const saved = await read(NONCERT_ENDPOINTS.criteriaView, lotId);
    expect(saved.criteria.map((row) => [row.colorFromTitle, row.colorToTitle, row.amount])).toEqual([
      ['D', 'F', 4320],
      [null, null, 13_000],
    ]);
  });

  it('exports the criteria and the file opens with the saved rows', async () => {
    await page.getByRole('button', { name: 'Export' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^criteria-${number}-\\d{8}\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe(number);
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => {
      const values = row.values as unknown[];
      rows.push(
        [values[2], values[3], values[6], values[7], values[8], values[9], values[11]].map((v) => v ?? null),
      );
    });
    expect(rows).toEqual([
      ['Shape', 'Size', 'Color', 'Clarity', 'Pieces', 'Carats', 'Amount'],
      ['Round', null, 'D-F', 'VS1-VS2', 10, 3.456, 4320],
      ['Round', '1.00-1.49', null, null, 2, 2.6, 13_000],
      [null, null, null, null, 12, 6.056, 17_320],
    ]);
  });

  it('adds a stone to the lot on its form, its amount by the rule, and edits it from the details', async () => {
    await page.getByRole('button', { name: 'Add stone' }).click();
    await page.waitForURL(`**/hkadmin/noncertdetails/upsert?lot=${lotId}`);
    const stockNumber = `${number}-01`;
    await page.getByLabel('Stock #', { exact: true }).fill(stockNumber);
    await choose('Shape', 'Round');
    await page.getByLabel('Carat', { exact: true }).fill('0.512');
    await page.getByLabel('Price/ct', { exact: true }).fill('2150');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`**/hkadmin/noncertdetails/${lotId}`);
    const row = page.getByRole('row', { name: new RegExp(stockNumber) });
    await expect.poll(() => row.innerText(), SLOW).toContain('1,100.80');

    await chooseRowAction(page, row, 'Open');
    await page.waitForURL('**/hkadmin/noncertdetails/upsert/*');
    const carat = page.getByLabel('Carat', { exact: true });
    await expect.poll(() => carat.inputValue()).toBe('0.512');
    await carat.fill('0.6');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`**/hkadmin/noncertdetails/${lotId}`);
    await expect
      .poll(() => page.getByRole('row', { name: new RegExp(stockNumber) }).innerText(), SLOW)
      .toContain('1,290.00');
  });

  it('toggles the lot inactive from the list through admin/noncert/toggle', async () => {
    await page.goto(`${panel.url}/hkadmin/noncert`);
    await searchList(page, number);
    const row = page.getByRole('row', { name: new RegExp(number) });
    await expect.poll(() => row.innerText(), SLOW).toContain('6.056');
    const toggle = page.getByRole('switch', { name: `Active of ${number}` });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    const call = page.waitForRequest((request) =>
      request.url().endsWith(`/${pathOf(NONCERT_ENDPOINTS.toggle)}`),
    );
    await toggle.click();
    expect((await call).postDataJSON()).toEqual({ id: lotId, isActive: false });
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');

    const lot = await read(NONCERT_ENDPOINTS.view, lotId);
    expect(lot).toMatchObject({ isActive: false, totalPieces: 12, totalCarats: 6.056, totalAmount: 17_320 });
    const history = await read(resourceEndpoints(nonCertResource).history, lotId);
    expect(history.map((entry) => entry.action)).toEqual([
      'nonCert.status',
      'nonCert.criteria',
      'nonCert.create',
    ]);
  });

  it('edits the lot on its own form and comes back to the list', async () => {
    const row = page.getByRole('row', { name: new RegExp(number) });
    await chooseRowAction(page, row, 'Open');
    await page.waitForURL(`**/hkadmin/noncert/upsert/${lotId}`);
    const name = page.getByLabel('Name', { exact: true });
    await expect.poll(() => name.inputValue()).toBe('Surat melee, May');
    await name.fill('Surat melee, May (resorted)');
    await page.getByLabel('In-house grading', { exact: true }).fill('Graded against the house master set.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL('**/hkadmin/noncert');
    expect(await read(NONCERT_ENDPOINTS.view, lotId)).toMatchObject({
      name: 'Surat melee, May (resorted)',
      gradingNote: 'Graded against the house master set.',
    });
  });
});
