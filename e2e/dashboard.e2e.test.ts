import { DASHBOARD_ENDPOINTS, DASHBOARD_TILES } from '@facet/contract';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import { writeDemoData } from './support/demo-data.ts';
import type { RunningPanel } from './support/server.ts';

/**
 * The dashboard on the demo data, as a super admin meets it: every tile from one request, figures that
 * are the rows of the lists they open, counted one by one, and a chart with its table view. How soon it
 * paints is measured by bench/cold-load.ts (docs/performance.md), not asserted here.
 */
let session: AdminSession;
let panel: RunningPanel;
let page: Page;

beforeAll(async () => {
  session = await openAsAdmin({}, writeDemoData);
  ({ panel, page } = session);
}, 600_000);

afterAll(async () => {
  await session?.close();
});

const dashboard = () => `${panel.url}/hkadmin/dashboard`;
const tile = (key: string) => page.locator(`[data-testid="tile-${key}"]`);
const numberOf = (text: string | null) => Number((text ?? '').replaceAll(',', ''));

/** The total a list's pager reads ("1-20 of 35"), or 0 for an empty list. */
async function listTotal(): Promise<number> {
  const content = page.locator('.panel-content');
  const pager = content.locator('.ant-pagination-total-text');
  const empty = content.locator('.ant-empty');
  await pager.or(empty).first().waitFor({ timeout: 30_000 });
  if ((await pager.count()) === 0) return 0;
  const text = (await pager.first().textContent()) ?? '';
  return numberOf(text.split(' of ')[1] ?? '');
}

describe('the dashboard, in Chromium', () => {
  it('shows every tile from one request, none failed', async () => {
    const asked: string[] = [];
    const watch = (request: Request) => {
      if (request.url().includes(DASHBOARD_ENDPOINTS.data.path)) asked.push(request.url());
    };
    page.on('request', watch);
    await page.goto(dashboard());
    await page
      .locator('[data-testid^="tile-"]')
      .nth(DASHBOARD_TILES.length - 1)
      .waitFor({ timeout: 60_000 });
    page.off('request', watch);
    expect(await page.locator('[data-testid^="tile-"]').count()).toBe(DASHBOARD_TILES.length);
    expect(asked).toHaveLength(1);
    expect(await page.getByText('could not be read').count()).toBe(0);
  });

  it('opens the list each figure counts, holding as many rows', async () => {
    // Each of these lists fits on its first page on the demo data: its rows are counted one by one.
    const figures = [
      { tile: 'waiting', figure: 'open-contacts', path: '/hkadmin/contact' },
      { tile: 'parcel-orders', figure: 'pending', path: '/hkadmin/parcel/order' },
      { tile: 'kyc', figure: 'to-approve', path: '/hkadmin/account' },
      { tile: 'appointments', figure: 'to-approve', path: '/hkadmin/appointment-list' },
    ];
    await page.goto(dashboard());
    for (const { tile: key, figure, path } of figures) {
      const link = tile(key).locator(`[data-testid="figure-${figure}"]`);
      const shown = numberOf(await link.locator('.work-tile-count').textContent());
      expect(shown, `${key} ${figure}`).toBeGreaterThan(0);
      await link.click();
      await page.waitForURL((url) => url.pathname === path);
      await expect.poll(listTotal, { timeout: 30_000 }).toBe(shown);
      expect(await page.locator('.panel-content .ant-table-row').count(), `${key} ${figure}`).toBe(shown);
      await page.goBack();
      await tile(key).waitFor();
    }
  });

  it('draws the stock by shape with a table view, and lays the tiles out on a phone', async () => {
    await page.goto(dashboard());
    const byShape = tile('stock').locator('section[aria-label="Stones by shape"]');
    await byShape.locator('canvas').waitFor({ timeout: 30_000 });
    await byShape.getByText('Table', { exact: true }).click();
    const table = byShape.getByRole('table');
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(1);
    await byShape.getByText('Chart', { exact: true }).click();
    await byShape.locator('canvas').waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(dashboard());
    await tile('sync').waitFor();
    const box = await tile('sync').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(300);
    expect(box?.width ?? 0).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1366, height: 768 });
  });
});
