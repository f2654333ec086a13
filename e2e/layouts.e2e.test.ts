import { MASTER_ENDPOINTS, resourceEndpoints, STORAGE_KEYS, stoneResource } from '@facet/contract';
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
 * A trader's first layout: a layout master made from the sidebar, then a layout of three stones found
 * by their stock numbers, saved, read in figures, and repriced at one discount.
 */
let session: AdminSession;
let panel: RunningPanel;
let page: Page;

const prefix = `LY${Date.now().toString(36).slice(-4).toUpperCase()}`;
const stock = (n: number) => `${prefix}-${n}`;
/** colour, clarity, carat, Rap price, discount. */
const STONES: [string, string, number, number, number][] = [
  ['D', 'VS1', 1, 10_000, -30],
  ['E', 'VVS2', 1.5, 12_000, -20],
  ['F', 'VS2', 2, 15_000, -25],
];
const SLOW = { timeout: 10_000 };

beforeAll(async () => {
  session = await openAsAdmin();
  ({ panel, page } = session);
  const token = (await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)) ?? '';
  const createStone = resourceEndpoints(stoneResource).create;
  if (!createStone) throw new Error('stones are created through their generic endpoint');
  const masters = await callEndpoint(
    panel.url,
    MASTER_ENDPOINTS.listByCode,
    { code: ['SHAPE', 'COLOR', 'CLARITY'] },
    { token },
  );
  const idOf = (code: string, name: string) => masters[code]?.find((row) => row.name === name)?.id;
  for (const [index, [color, clarity, carat, rapPrice, marketingBack]] of STONES.entries()) {
    await callEndpoint(
      panel.url,
      createStone,
      {
        stockNumber: stock(index + 1),
        status: 'A',
        shapeId: idOf('SHAPE', 'Round'),
        colorId: idOf('COLOR', color),
        clarityId: idOf('CLARITY', clarity),
        carat,
        rapPrice,
        marketingBack,
      },
      { token },
    );
  }
});

afterAll(async () => {
  await session?.close();
});

const figures = async () =>
  (await page.getByRole('region', { name: 'Layout figures' }).innerText()).replace(/\s+/g, ' ');
const layoutStones = () => page.getByRole('region', { name: 'Layout stones' });

async function openMasters(leaf: string, path: string) {
  await page.goto(`${panel.url}/hkadmin/dashboard`);
  await openFromSidebar(page, 'Masters', leaf, path);
}

describe('certified layouts, in Chromium', () => {
  it('adds a layout master from the sidebar', async () => {
    await openMasters('Layout Master', 'layout-master');
    await page.getByRole('button', { name: 'Add Layout master' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Name', { exact: true }).fill('Round 1-2ct D-F');
    await drawer.getByLabel('Code', { exact: true }).fill(`${prefix}M`);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Round 1-2ct D-F', exact: true }).waitFor();
  });

  it('creates a layout of stones found by stock number and reads its figures', async () => {
    await openMasters('Cert', 'cert');
    await page.getByRole('button', { name: 'Add layout' }).click();
    await page.waitForURL('**/hkadmin/cert/upsert');

    await page.getByLabel('Layout #', { exact: true }).fill(`${prefix}-L1`);
    await page.getByLabel('Name', { exact: true }).fill('Riviere D-F');
    await chooseOption(page, page.getByLabel('Layout master', { exact: true }), {
      option: /^Round 1-2ct D-F$/,
    });

    // Two stock numbers pasted at once, then the third searched alone.
    await page.getByLabel('Stock or report #').fill(`${stock(1)} ${stock(2)}`);
    await page.getByLabel('Stock or report #').press('Enter');
    await page.getByRole('button', { name: 'Add all found (2)' }).click();
    await page.getByLabel('Stock or report #').fill(stock(3));
    await page.getByLabel('Stock or report #').press('Enter');
    await page.getByRole('button', { name: `Add ${stock(3)}`, exact: true }).click();
    await layoutStones().getByText(stock(3), { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    await page.waitForURL(/\/hkadmin\/cert\/upsert\/[0-9a-f-]{36}$/);
    // 7,000 + 14,400 + 22,500 over 4.5 ct and a Rap value of 58,000.
    await expect.poll(figures, SLOW).toContain('Stones 3');
    const saved = await figures();
    expect(saved).toContain('Carats 4.50');
    expect(saved).toContain('Amount USD 43,900.00');
    expect(saved).toContain('Discount -24.31%');
    expect(saved).toContain('Price/ct USD 9,755.56');
    expect(saved).toContain('Colors D-F');
    expect(saved).toContain('Clarities VVS2-VS2');
    expect(saved).toContain('Sizes (ct) 1.00-2.00');
  });

  it('reprices the layout at one discount after a confirmation, and shows the new prices', async () => {
    await page.getByRole('button', { name: 'Reprice', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Reprice layout ${prefix}-L1` });
    await dialog.getByLabel('Discount %', { exact: true }).fill('-35');
    await dialog.getByRole('button', { name: 'Reprice', exact: true }).click();
    // The same dialog asks for a confirmation naming what will change.
    const confirm = page.getByRole('dialog', { name: 'Reprice every stone?' });
    await confirm
      .getByText(`All 3 stones of layout ${prefix}-L1 will be priced at a Rap discount of -35.00%`)
      .waitFor();
    await confirm.getByRole('button', { name: 'Yes, reprice' }).click();
    await confirm.waitFor({ state: 'hidden' });

    // 6,500 + 11,700 + 19,500.
    await expect.poll(figures, SLOW).toContain('Amount USD 37,700.00');
    const repriced = await figures();
    expect(repriced).toContain('Discount -35.00%');
    expect(repriced).toContain('Price/ct USD 8,377.78');
    const row = layoutStones()
      .getByRole('row')
      .filter({ hasText: stock(2) });
    expect(await row.innerText()).toContain('7,800.00');
    expect(await row.innerText()).toContain('11,700.00');
  });

  it('lists the layout with its new figures and finds it by a stone', async () => {
    await page.getByRole('button', { name: 'Layouts' }).click();
    await page.waitForURL('**/hkadmin/cert');
    await searchList(page, stock(2), 'Layout #, name, stock or report #');
    const row = page.getByRole('row').filter({ hasText: `${prefix}-L1` });
    await expect
      .poll(async () => (await row.count()) === 1 && (await row.innerText()), SLOW)
      .toContain('37,700.00');
    expect(await row.innerText()).toContain('Round 1-2ct D-F');

    // The history keeps the reprice beside the creation.
    await chooseRowAction(page, row, 'History');
    const history = page.getByRole('dialog', { name: `History — ${prefix}-L1` });
    await history.getByText('Layout repriced').waitFor();
    await history.getByText('Layout created').waitFor();
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(/\/hkadmin\/cert\/upsert\/[0-9a-f-]{36}$/);
    await expect.poll(figures, SLOW).toContain('Amount USD 37,700.00');
  });
});
