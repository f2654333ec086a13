import { MASTER_ENDPOINTS, PANEL_BASE } from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../apps/server/test/endpoint-client.ts';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import { apiAs, sessionToken } from './support/stones.ts';

/**
 * A stone search made through the API (the stock search, which records it) shows in the 4 C matrix as
 * searched with no stock, and in the search summary as a search that found nothing; the chart's table
 * view shows the same figures.
 */
let session: AdminSession;
let ids: { round: string; d: string; flawless: string };
const SLOW = { timeout: 15_000 };

beforeAll(async () => {
  session = await openAsAdmin();
  const token = await sessionToken(session.page);
  const masters = await callEndpoint(
    session.panel.url,
    MASTER_ENDPOINTS.listByCode,
    { code: ['SHAPE', 'COLOR', 'CLARITY'] },
    { token },
  );
  const idOf = (code: string, name: string) => masters[code]?.find((row) => row.name === name)?.id as string;
  ids = { round: idOf('SHAPE', 'Round'), d: idOf('COLOR', 'D'), flawless: idOf('CLARITY', 'IF') };
  // A fresh stock holds no such stone: the search finds nothing.
  await apiAs(session.page, session.panel.url, 'apis/diamond/paginate', {
    page: 1,
    limit: 20,
    filter: { shapeId: [ids.round], colorId: [ids.d], clarityId: [ids.flawless] },
  });
});

afterAll(async () => {
  await session?.close();
});

describe('search reports', () => {
  it('counts the search in the 4 C matrix, and shows the chart as a table', async () => {
    const { page, panel } = session;
    // Counted in its cell (and, by the roll-ups' rules, wherever else it could have found stones).
    const cell = page.getByRole('button', { name: /^D IF: \d+ searche?s?, 0 in stock, stock to buy$/ });
    // The search is written a moment after it is answered: reload until the matrix counts it.
    await expect
      .poll(
        async () => {
          await page.goto(`${panel.url}${PANEL_BASE}/Four-C?shapeId=${ids.round}`);
          return cell.waitFor({ timeout: 5_000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    await expect.poll(() => cell.textContent()).toContain('No stock');

    const chart = page.getByRole('region', { name: 'Searches and stones in stock by colour' });
    await chart.getByText('Table', { exact: true }).click();
    const table = chart.getByRole('table');
    await table.waitFor(SLOW);
    await expect.poll(() => table.textContent()).toContain('D');

    // The cell opens the stock list on its shape, colour and clarity.
    await cell.click();
    await page.waitForURL(/\/stock\?/, SLOW);
    const address = new URL(page.url()).searchParams;
    expect([address.get('shapeId'), address.get('colorId'), address.get('clarityId')]).toEqual([
      ids.round,
      ids.d,
      ids.flawless,
    ]);
  });

  it('shows the search that found nothing in the search summary', async () => {
    const { page, panel } = session;
    await page.goto(`${panel.url}${PANEL_BASE}/search-summary?by=shape`);
    const alert = page.getByRole('region', { name: 'Searches that found nothing (stock to buy)' });
    await alert.waitFor(SLOW);
    await expect.poll(() => alert.textContent()).toContain('Round: 1 of 1 found nothing');
  });
});
