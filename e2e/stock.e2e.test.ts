import { readFile } from 'node:fs/promises';
import { MASTER_ENDPOINTS, resourceEndpoints, stoneResource } from '@facet/contract';
import ExcelJS from 'exceljs';
import type { Locator, Page, Request } from 'playwright-core';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../apps/server/test/endpoint-client.ts';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import type { RunningPanel } from './support/server.ts';
import { openFromSidebar } from './support/sidebar.ts';
import { sessionToken } from './support/stones.ts';

/**
 * The stock screen as a trader uses it: stones put in through the API, then searched by shape, a
 * colour run and a carat range, totals read, a stone opened, the result exported and printed.
 */
let session: AdminSession;
let panel: RunningPanel;
let page: Page;

const prefix = `E2E${Date.now().toString(36).slice(-4).toUpperCase()}`;
const stock = (n: number) => `${prefix}-${String(n).padStart(2, '0')}`;

/** shape, colour, clarity, carat, lab, report #, Rap price, discount. */
const STONES: [string, string, string, number, string, string, number, number][] = [
  ['Round', 'D', 'VS1', 1.01, 'GIA', '2141438171', 10_000, -30],
  ['Round', 'F', 'VS2', 1.2, 'IGI', 'LG5501234', 12_000, -25],
  ['Round', 'H', 'SI1', 1.5, 'GIA', '6452011187', 9000, -20],
  // Each of these misses the search by one key: colour, carat, shape, carat.
  ['Round', 'I', 'VS1', 1.1, 'GIA', '1111111111', 8000, -35],
  ['Round', 'E', 'VVS2', 0.7, 'GIA', '2222222222', 6000, -28],
  ['Pear', 'E', 'VS1', 1.3, 'HRD', '3333333333', 9500, -31],
  ['Round', 'G', 'IF', 2.5, 'GIA', '4444444444', 30_000, -15],
];
/** Not found by the search; its report # is the first stone's stock #, which a code filter would match too. */
const LOOKALIKE: (typeof STONES)[number] = ['Oval', 'E', 'VS1', 0.5, 'GIA', stock(1), 4000, -20];
const MATCHING = [stock(1), stock(2), stock(3)];
/** A reload loads the panel again before the first search answers. */
const SLOW = { timeout: 10_000 };

const stoneEndpoints = resourceEndpoints(stoneResource);

beforeAll(async () => {
  session = await openAsAdmin();
  ({ panel, page } = session);
  const token = await sessionToken(page);
  const masters = await callEndpoint(
    panel.url,
    MASTER_ENDPOINTS.listByCode,
    { code: ['SHAPE', 'COLOR', 'CLARITY', 'LAB'] },
    { token },
  );
  const create = stoneEndpoints.create;
  if (!create) throw new Error('stones cannot be created through the API');
  const idOf = (code: string, name: string) => {
    const value = masters[code]?.find((row) => row.name === name);
    if (!value) throw new Error(`no ${code} value ${name}`);
    return value.id;
  };
  for (const [index, [shape, color, clarity, carat, lab, report, rap, discount]] of [
    ...STONES,
    LOOKALIKE,
  ].entries()) {
    const body = {
      stockNumber: stock(index + 1),
      status: 'A',
      shapeId: idOf('SHAPE', shape),
      colorId: idOf('COLOR', color),
      clarityId: idOf('CLARITY', clarity),
      labId: idOf('LAB', lab),
      certificateNumber: report,
      carat,
      rapPrice: rap,
      marketingBack: discount,
      certificateUrl: `https://example.com/certificates/${report}.pdf`,
    };
    await callEndpoint(panel.url, create, body, { token });
  }
});

afterAll(async () => {
  await session?.close();
});

const gradeButton = (group: string, name: string) =>
  page.getByRole('group', { name: group, exact: true }).getByRole('button', { name, exact: true });

/** Stock numbers of the rows the grid shows, of this run's stones. */
async function shownStones(): Promise<string[]> {
  const links = page.getByRole('row').getByRole('button', { name: new RegExp(`^${prefix}-`) });
  return (await links.allTextContents()).map((text) => text.trim()).sort();
}

async function totals(name: string): Promise<string> {
  return (await page.getByRole('region', { name: `${name} totals` }).innerText()).replace(/\s+/g, ' ');
}

async function exportAs(label: string): Promise<Buffer> {
  await page.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: label }).click();
  return readFile(await (await download).path());
}

async function xlsxStockNumbers(bytes: Buffer): Promise<{ header: string[]; stones: string[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((cell) => String(cell ?? '')));
  });
  const [header = [], ...body] = rows;
  const column = header.indexOf('Stock #');
  return { header, stones: body.map((row) => row[column] ?? '').sort() };
}

async function checked(locator: Locator): Promise<string | null> {
  return locator.getAttribute('aria-pressed');
}

describe('the stock screen, in Chromium', () => {
  it('opens Stock from the sidebar and searches by shape, a colour run and a carat range', async () => {
    await page.goto(`${panel.url}/hkadmin/dashboard`);
    await openFromSidebar(page, 'Masters', 'Stock', 'stock');
    await gradeButton('Shape', 'Round').waitFor();

    await gradeButton('Shape', 'Round').click();
    await gradeButton('Color', 'D').click();
    await gradeButton('Color', 'H').click({ modifiers: ['Shift'] });
    for (const colour of ['D', 'E', 'F', 'G', 'H'])
      expect(await checked(gradeButton('Color', colour))).toBe('true');
    expect(await checked(gradeButton('Color', 'I'))).toBe('false');
    await page.getByLabel('Carat from').fill('1');
    await page.getByLabel('Carat to').fill('2');
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    await expect.poll(shownStones, SLOW).toEqual(MATCHING);
    expect(page.url()).toContain('carat=1%7E2');
    expect(new URL(page.url()).searchParams.getAll('colorId')).toHaveLength(5);

    // 7,070 + 10,800 + 10,800 over 3.71 ct; discounts -30, -25, -20.
    await expect.poll(() => totals('Result'), SLOW).toContain('Stones 3');
    const result = await totals('Result');
    expect(result).toContain('Carats 3.71 ct');
    expect(result).toContain('Amount USD 28,670.00');
    expect(result).toContain('Avg discount -25.00%');
    expect(result).toContain('Avg price/ct USD 7,727.76/ct');
  });

  it('keeps the search in the URL across a reload', async () => {
    await page.reload();
    await expect.poll(shownStones, SLOW).toEqual(MATCHING);
    expect(await checked(gradeButton('Shape', 'Round'))).toBe('true');
    expect(await checked(gradeButton('Color', 'G'))).toBe('true');
    expect(Number(await page.getByLabel('Carat from').inputValue())).toBe(1);
  });

  it('reads the columns the user shows, once per visit', async () => {
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('group', { name: 'Visible columns' }).getByText('Created', { exact: true }).click();
    await page.getByRole('columnheader', { name: 'Created' }).waitFor();
    await page.keyboard.press('Escape');

    const searches: { columns?: string[] }[] = [];
    const onRequest = (request: Request) => {
      if (request.url().endsWith(`/${stoneEndpoints.paginate.path}`)) searches.push(request.postDataJSON());
    };
    page.on('request', onRequest);
    await page.reload();
    await expect.poll(shownStones, SLOW).toEqual(MATCHING);
    await page.getByRole('columnheader', { name: 'Created' }).waitFor();
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    // The saved choice loads before the search: one read, of the chosen columns, not two.
    expect(searches).toHaveLength(1);
    expect(searches[0]?.columns).toEqual(expect.arrayContaining(['stockNumber', 'carat', 'createdAt']));
    expect(searches[0]?.columns).not.toContain('certificateUrl');

    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('button', { name: 'Restore defaults' }).click();
    await page.getByRole('columnheader', { name: 'Created' }).waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
  });

  it('totals a selection and opens a stone with its certificate and verification link', async () => {
    await page.getByRole('checkbox', { name: `Select ${stock(1)}` }).check();
    await page.getByRole('checkbox', { name: `Select ${stock(3)}` }).check();
    await expect.poll(() => totals('Selected'), SLOW).toContain('Stones 2');
    expect(await totals('Selected')).toContain('Amount USD 17,870.00');

    await page.getByRole('button', { name: stock(1), exact: true }).click();
    const drawer = page.getByRole('dialog', { name: `Stone ${stock(1)}` });
    const verify = drawer.getByRole('link', { name: 'Verify GIA report 2141438171' });
    await verify.waitFor();
    expect(await verify.getAttribute('href')).toBe('https://www.gia.edu/report-check?reportno=2141438171');
    expect(await drawer.getByRole('link', { name: 'Certificate PDF' }).getAttribute('href')).toBe(
      'https://example.com/certificates/2141438171.pdf',
    );
    await drawer.getByText('Grading', { exact: true }).waitFor();
    await drawer.getByText('USD 7,070.00', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('exports the selection, then the whole result, and the files hold those stones', async () => {
    // Exactly the selected stones: the lookalike, whose report # is a selected stone's stock #, stays out.
    const selection = await exportAs('CSV (.csv)');
    const lines = selection.toString('utf8').trim().split(/\r?\n/);
    expect(lines[0]).toContain('Stock #');
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual([stock(1), stock(3)]);

    await page.getByRole('button', { name: 'Clear selection' }).click();
    await page.getByRole('region', { name: 'Selected totals' }).waitFor({ state: 'hidden' });
    const workbook = await xlsxStockNumbers(await exportAs('Excel (.xlsx)'));
    expect(workbook.header).toEqual(expect.arrayContaining(['Stock #', 'Shape', 'Carat', 'Color']));
    expect(workbook.stones).toEqual(MATCHING);
  });

  it('exports the result as a printable PDF with its totals', async () => {
    const bytes = await exportAs('PDF (.pdf)');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { totalPages, text } = await extractText(new Uint8Array(bytes), { mergePages: true });
    expect(totalPages).toBe(1);
    expect(text).toContain('Stone list');
    expect(text).toContain('Stones: 3');
    expect(text).toContain('Amount: USD 28,670.00');
    expect((text.match(new RegExp(`${prefix}-\\d+`, 'g')) ?? []).sort()).toEqual(MATCHING);
  });

  it('prints the result as a list in a new window', async () => {
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Print' }).click();
    const printed = await popup;
    await printed.locator('table tbody tr').first().waitFor();
    const cells = await printed.locator('table tbody tr td:first-child').allTextContents();
    expect(cells.sort()).toEqual(MATCHING);
    expect(await printed.locator('p.totals').innerText()).toContain('Stones: 3');
    await printed.close();
  });

  it('finds pasted stock and report numbers', async () => {
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => checked(gradeButton('Shape', 'Round'))).toBe('false');
    await page.getByLabel('Stock or report numbers').fill(`${stock(6)},\n 4444444444  ${stock(6)}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(shownStones, SLOW).toEqual([stock(6), stock(7)]);
  });

  it('edits a stone from its row with every field, not only the columns the grid shows', async () => {
    await page
      .getByRole('row', { name: new RegExp(stock(6)) })
      .getByRole('button', { name: 'Edit' })
      .click();
    const drawer = page.getByRole('dialog', { name: 'Edit Stone' });
    // The certificate is not a grid column: the form has it because it read the whole stone.
    const certificate = drawer.getByLabel('Certificate PDF', { exact: true });
    await expect.poll(() => certificate.inputValue()).toBe('https://example.com/certificates/3333333333.pdf');
    await drawer.getByLabel('Rap discount %', { exact: true }).fill('-32');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });
    const found = await callEndpoint(
      panel.url,
      stoneEndpoints.paginate,
      { filter: { stoneId: [stock(6)] } },
      { token: await sessionToken(page) },
    );
    const [saved] = found.list;
    expect(saved).toMatchObject({
      marketingBack: -32,
      certificateUrl: 'https://example.com/certificates/3333333333.pdf',
      certificateNumber: '3333333333',
    });
  });
});
