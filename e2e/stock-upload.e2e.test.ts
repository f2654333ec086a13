import { readFile } from 'node:fs/promises';
import { STOCK_UPLOAD_MESSAGES } from '@facet/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import { openFromSidebar } from './support/sidebar.ts';

/**
 * Upload-Stock as a person uses it: a RapNet file with two bad rows, refused, then kept in part; a file
 * naming one stock # twice, reported, then sent again with the person's choice.
 */
let session: AdminSession;
let page: Page;

const FILE = {
  name: 'rapnet-stock.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      'Stock #,Shape,Weight,Color,Clarity,Cut Grade,Polish,Symmetry,Measurements,Lab,Report #,RapNet Price,RapNet Discount %',
      'UP-1,RB,1.01,G,VS1,EX,EX,EX,6.41x6.45x3.98,GIA,5100001,7000,-0.30',
      'UP-2,Blob,0.90,H,SI1,VG,VG,VG,6.1x6.1x3.8,GIA,5100002,5000,-0.25',
      'UP-3,PS,abc,F,VS2,,EX,EX,7.9x5.1x3.2,IGI,5100003,6000,-0.20',
      'UP-4,Oval,1.20,E,VVS2,,EX,VG,7.8x5.9x3.6,GIA,5100004,9000,-0.15',
    ].join('\n'),
  ),
};

beforeAll(async () => {
  session = await openAsAdmin();
  page = session.page;
});

afterAll(async () => {
  await session?.close();
});

const TWICE = {
  name: 'twice-stock.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      'Stock #,Shape,Weight,Color,Clarity,Lab,Report #,Price/Ct',
      'DUP-1,Round,0.50,D,IF,GIA,5200001,4000',
      'DUP-1,Round,0.52,D,IF,GIA,5200002,4100',
      'DUP-2,Oval,0.70,E,VS1,GIA,5200003,3000',
    ].join('\n'),
  ),
};

const BLOB_REFUSED = STOCK_UPLOAD_MESSAGES.unknownValue('Shape', 'Blob');
const csvField = (text: string) => `"${text.replaceAll('"', '""')}"`;

async function upload(keepGoodRows: boolean, file = FILE) {
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByTestId('chosen-file').getByText(file.name).waitFor();
  // antd draws its own box over the native input: a person clicks the label.
  const keep = page.getByRole('checkbox', { name: /Keep the good rows/ });
  if ((await keep.isChecked()) !== keepGoodRows) await page.getByText('Keep the good rows').click();
  expect(await keep.isChecked()).toBe(keepGoodRows);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
}

describe('Upload-Stock in Chromium', () => {
  it('refuses a file with bad rows, shows why, and lets the report be downloaded', async () => {
    await openFromSidebar(page, 'Masters', 'Upload Stock', 'Upload-Stock');

    await upload(false);
    await page.getByText('Nothing was applied: 2 rows were rejected.', { exact: false }).waitFor();
    // The refusal says where another name for a shape is added.
    await page.getByRole('cell', { name: BLOB_REFUSED }).waitFor();
    expect(BLOB_REFUSED).toContain('Aliases (Masters > Sub Master)');
    await page.getByRole('cell', { name: 'Carat "abc" is not a number.' }).waitFor();
    await page.getByRole('cell', { name: 'UP-2', exact: true }).waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download report' }).click();
    const report = await readFile(await (await download).path());
    expect(report.toString('utf8')).toMatch(/Row,Stock #,Outcome,Reasons/);
    expect(report.toString('utf8')).toContain(`3,UP-2,Rejected,${csvField(BLOB_REFUSED)}`);
    expect(report.toString('utf8')).toMatch(/2,UP-1,Not applied,/);
  });

  it('keeps the good rows when asked, and the uploads list shows both', async () => {
    await upload(true);
    await page.getByText('2 stones added or updated; 2 rejected rows were left out.').waitFor();
    await page.locator('.ant-segmented').getByText('Accepted', { exact: true }).click();
    await page.getByRole('cell', { name: 'UP-4', exact: true }).waitFor();
    const uploads = page.locator('.ant-card').filter({ hasText: 'Uploads' });
    await expect.poll(() => uploads.getByText('Nothing applied').count()).toBe(1);
    await expect.poll(() => uploads.getByText('Completed').count()).toBe(1);
  });

  it('reports a stock # found in two rows, applies none of them, and sends the file again with the choice', async () => {
    await upload(false, TWICE);
    await page.getByText(STOCK_UPLOAD_MESSAGES.refusedDuplicates(1)).waitFor();
    await page.getByText('1 stock # is in more than one row: none of those rows was applied.').waitFor();
    const listed = page.getByRole('list', { name: 'Duplicate stock numbers' }).getByRole('listitem');
    expect(await listed.allInnerTexts()).toEqual(['Stock # DUP-1: rows 2, 3']);
    await page
      .getByRole('cell', { name: STOCK_UPLOAD_MESSAGES.duplicateUnchosen([2, 3]) })
      .first()
      .waitFor();

    const again = page.getByRole('button', { name: 'Upload again with this choice' });
    expect(await again.isDisabled()).toBe(true);
    await page.getByRole('radiogroup', { name: 'Which row to keep' }).getByText('Keep the first row').click();
    await again.click();
    await page.getByText('2 stones added or updated.').waitFor();
    await page.getByText('1 stock # was in more than one row: keep the first row.').waitFor();
    await page.getByRole('cell', { name: STOCK_UPLOAD_MESSAGES.duplicateLeftOut(2) }).waitFor();
  });
});
