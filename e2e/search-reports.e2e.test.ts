import {
  CUSTOMER_LAYOUT_ENDPOINTS,
  CUSTOMER_SEARCH_ENDPOINTS,
  fourCReport,
  layoutSearchReport,
  MASTER_ENDPOINTS,
  searchDayReport,
  searchSoldReport,
  searchSummaryReport,
} from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../apps/server/test/endpoint-client.ts';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import { customerThroughApi } from './support/customer.ts';
import { openReport, reportFiles, reportOf, utcDay } from './support/report-screen.ts';
import { sessionToken } from './support/stones.ts';

/**
 * The search reports as a manager reads them after a customer searched through the customer API (the
 * storefront's stone search and layout search): each report over a period typed into its picker, its
 * chart, its XLSX and PDF files opened and read. The customer's stone search finds nothing in an empty
 * stock and counts at once, before any roll-up, in the search summary and the 4 C matrix.
 */
let session: AdminSession;
let ids: { round: string; d: string; flawless: string };
const SLOW = { timeout: 15_000 };

beforeAll(async () => {
  session = await openAsAdmin();
  const { panel, page } = session;
  const token = await sessionToken(page);
  const masters = await callEndpoint(
    panel.url,
    MASTER_ENDPOINTS.listByCode,
    { code: ['SHAPE', 'COLOR', 'CLARITY'] },
    { token },
  );
  const idOf = (code: string, name: string) => masters[code]?.find((row) => row.name === name)?.id as string;
  ids = { round: idOf('SHAPE', 'Round'), d: idOf('COLOR', 'D'), flawless: idOf('CLARITY', 'IF') };
  const customer = await customerThroughApi(panel, token, 'Ines Buyer', ['searchDiamond']);
  const found = await callEndpoint(
    panel.url,
    CUSTOMER_SEARCH_ENDPOINTS.search,
    { page: 1, limit: 20, filter: { shapeId: [ids.round], colorId: [ids.d], clarityId: [ids.flawless] } },
    { token: customer },
  );
  expect(found.count).toBe(0);
  await callEndpoint(
    panel.url,
    CUSTOMER_LAYOUT_ENDPOINTS.search,
    { page: 1, limit: 20 },
    { token: customer },
  );
  // A customer's set-up and two more sign-ins beside the admin's: more than the default on a busy machine.
}, 300_000);

afterAll(async () => {
  await session?.close();
});

const PERIOD = { from: utcDay(6), to: utcDay(0) };
const open = (spec: unknown, query = '') =>
  openReport(session.page, session.panel.url, reportOf(spec), PERIOD, query);
const filesOf = (spec: unknown) => reportFiles(session.page, reportOf(spec));

describe('search reports, in Chromium', () => {
  it('counts the customer’s search at once in the search summary, by shape, and in its files', async () => {
    const { page } = session;
    const missed = page
      .getByRole('region', { name: 'Searches that found nothing (stock to buy)' })
      .getByText('Round: 1 of 1 found nothing');
    // The recorder writes a search within half a second of its answer: open again until it is in.
    await expect
      .poll(
        async () => {
          await open(searchSummaryReport, '?by=shape');
          return missed.waitFor({ timeout: 5_000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    // The rows' column is named by what they are counted by.
    await page.getByRole('columnheader', { name: 'Shape' }).waitFor();

    const { rows, printed } = await filesOf(searchSummaryReport);
    expect(rows).toContainEqual(['Round', '1', '1', '0']);
    expect(printed).toContain('Shape');
    expect(printed).toContain('Round');
  });

  it('counts it in the 4 C matrix as searched with no stock, and opens the stock list from its cell', async () => {
    const { page } = session;
    await open(fourCReport, `?shapeId=${ids.round}`);
    const cell = page.getByRole('button', { name: 'D IF: 1 search, 0 in stock, stock to buy' });
    await cell.waitFor(SLOW);
    expect(await cell.textContent()).toContain('No stock');

    const chart = page.getByRole('region', { name: fourCReport.chartTitle });
    await chart.getByText('Table', { exact: true }).click();
    await chart.getByRole('table').getByRole('cell', { name: 'D', exact: true }).waitFor(SLOW);

    const { rows } = await filesOf(fourCReport);
    expect(rows).toContainEqual(['D', 'IF', '1', '0']);

    await cell.click();
    await page.waitForURL(/\/stock\?/, SLOW);
    const address = new URL(page.url()).searchParams;
    expect([address.get('shapeId'), address.get('colorId'), address.get('clarityId')]).toEqual([
      ids.round,
      ids.d,
      ids.flawless,
    ]);
  });

  it('draws the searches a day, the searches against sales and the layout searches, each with its files', async () => {
    await open(searchDayReport);
    const days = await filesOf(searchDayReport);
    // Today: one search, by one person, that found nothing.
    expect(days.rows.some((row) => row.slice(1, 4).join() === '1,1,1')).toBe(true);

    await open(searchSoldReport, `?shapeId=${ids.round}`);
    await session.page.getByRole('button', { name: /^D IF: 1 search, 0 sold/ }).waitFor(SLOW);
    const sold = await filesOf(searchSoldReport);
    expect(sold.rows.some((row) => row.slice(0, 4).join() === 'D,IF,1,0')).toBe(true);

    await open(layoutSearchReport);
    await session.page.getByText('Any category: 1 of 1 found nothing').waitFor(SLOW);
    const layouts = await filesOf(layoutSearchReport);
    expect(layouts.rows.some((row) => row.slice(0, 4).join() === 'Any category,1,1,1')).toBe(true);
  });
});
