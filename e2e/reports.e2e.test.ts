import { stat } from 'node:fs/promises';
import { formatDate } from '@facet/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import type { RunningPanel } from './support/server.ts';

/**
 * A report as a manager reads it, through the hit counter: the panel has recorded its own screens and
 * the reports' views and downloads; the period changes, the chart draws and reads as a table, and the
 * PDF and XLSX files download.
 */
let session: AdminSession;
let panel: RunningPanel;
let page: Page;

const SLOW = { timeout: 15_000 };
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  session = await openAsAdmin();
  ({ panel, page } = session);
});

afterAll(async () => {
  await session?.close();
});

async function downloaded(label: string): Promise<{ name: string; size: number }> {
  const saved = page.waitForEvent('download');
  // The button's name carries its icon's ("download PDF").
  await page.getByRole('button', { name: new RegExp(`${label}$`) }).click();
  const file = await saved;
  return { name: file.suggestedFilename(), size: (await stat((await file.path()) as string)).size };
}

describe('the hit counter, in Chromium', () => {
  it('counts the screens the panel opened, over a period chosen on the screen', async () => {
    await page.goto(`${panel.url}/hkadmin/hit-counter`);
    await page.getByRole('heading', { name: 'Hit counter' }).waitFor(SLOW);
    await page.getByText('Days are UTC days').waitFor();

    const start = page.getByPlaceholder('Period from');
    await start.click();
    await start.fill(utcDay(6));
    await start.press('Enter');
    const end = page.getByPlaceholder('to', { exact: true });
    await end.fill(utcDay(0));
    await end.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('period') === `${utcDay(6)}~${utcDay(0)}`, SLOW);

    // The panel recorded this screen as it opened, as a visit and as a view of the report: both are
    // counted at once, not after a roll-up. The reports come first, by name, every one listed.
    const reports = page.getByRole('region', { name: 'Reports viewed and downloaded' });
    await reports.getByRole('row', { name: /^Hit counter 1 0 1 / }).waitFor(SLOW);
    await reports.getByRole('row', { name: /^Search summary 0 0 0/ }).waitFor();
    await page.getByRole('cell', { name: 'Hit counter', exact: true }).nth(1).waitFor(SLOW);
    await page.getByRole('img', { name: 'Visits by day chart' }).waitFor(SLOW);
    await page.getByText('Table', { exact: true }).click();
    const table = page.getByRole('table', { name: 'Visits by day table' });
    await table.getByRole('cell', { name: formatDate(utcDay(0)), exact: true }).waitFor();
    expect(await table.getByRole('row').count()).toBe(8);
  });

  it('downloads the report as a PDF and an XLSX file', async () => {
    const pdf = await downloaded('PDF');
    expect(pdf.name).toMatch(/^hit-counter-\d{8}\.pdf$/);
    expect(pdf.size).toBeGreaterThan(1000);
    const xlsx = await downloaded('XLSX');
    expect(xlsx.name).toMatch(/^hit-counter-\d{8}\.xlsx$/);
    expect(xlsx.size).toBeGreaterThan(1000);

    // Opened again, the screen counts its second view and the two files sent.
    await page.reload();
    const reports = page.getByRole('region', { name: 'Reports viewed and downloaded' });
    await reports.getByRole('row', { name: /^Hit counter 2 2 1 / }).waitFor(SLOW);
  });
});
