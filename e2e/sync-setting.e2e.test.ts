import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RESOURCE_MESSAGES } from '@facet/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import { chooseRowAction, openRowMenu } from './support/row-actions.ts';
import type { RunningPanel } from './support/server.ts';
import { openFromSidebar } from './support/sidebar.ts';

const STOCK_TOKEN = 'e2e-stock-token';
/** Long enough to see the row spin. */
const STOCK_DELAY_MS = 1500;

/** The external stock system: its size list, a moment late, to the bearer of the token only. */
function startStockSystem(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    if (request.headers.authorization !== `Bearer ${STOCK_TOKEN}` || request.url !== '/export/size') {
      response.writeHead(404).end();
      return;
    }
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          list: [
            { name: 'E2E 50.00-50.99', group: 'Synced', fromCarat: 50, toCarat: 50.99 },
            { name: 'E2E broken', fromCarat: 'fifty' },
          ],
        }),
      );
    }, STOCK_DELAY_MS);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/export` }),
    ),
  );
}

let stock: { server: Server; url: string };
let session: AdminSession;
let panel: RunningPanel;
let page: Page;

beforeAll(async () => {
  stock = await startStockSystem();
  session = await openAsAdmin({ SYNC_SOURCE_URL: stock.url, SYNC_TOKEN: STOCK_TOKEN });
  ({ panel, page } = session);
});

afterAll(async () => {
  await session?.close();
  stock?.server.closeAllConnections();
  await new Promise((resolve) => stock?.server.close(resolve));
});

describe('Sync Setting, in Chromium', () => {
  it('opens from the sidebar, syncs sizes with a spinner, lists the rejected record and refreshes', async () => {
    await openFromSidebar(page, 'Setting', 'Sync Setting', 'sync-setting');

    const row = page.getByRole('row', { name: /Sizes/ });
    await row.getByRole('cell', { name: 'Never run', exact: true }).waitFor();
    // 'Sync now' is the list's own action, in the row's "more" menu with the generic ones.
    const menu = await openRowMenu(page, row);
    await menu.getByRole('button', { name: 'Sync now' }).click();
    await menu.getByRole('button', { name: 'Syncing…' }).waitFor();
    await expect.poll(() => menu.locator('.anticon-spin').count()).toBe(1);

    const result = page.getByRole('dialog');
    await result.getByText('Sizes synchronised.').waitFor();
    await result.getByText('Record 2 (E2E broken)').waitFor();
    await result.getByText(RESOURCE_MESSAGES.notANumber('From carat')).waitFor();
    await result.getByRole('button', { name: 'Done' }).click();
    await result.waitFor({ state: 'hidden' });

    await row.getByRole('cell', { name: 'Some rejected', exact: true }).waitFor();
    await (await openRowMenu(page, row)).getByRole('button', { name: 'Sync now' }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`${panel.url}/hkadmin/size-master?q=E2E`);
    await page
      .getByRole('row', { name: /E2E 50\.00-50\.99/ })
      .getByRole('cell', { name: 'Synced' })
      .waitFor();
    await chooseRowAction(page, page.getByRole('row', { name: /E2E 50\.00-50\.99/ }), 'History');
    await page.getByRole('dialog').getByText('Size synchronised').first().waitFor();
  });
});
