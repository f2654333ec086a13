import { readFile } from 'node:fs/promises';
import { RESOURCE_MESSAGES } from '@facet/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import { expectMessages } from './support/panel-session.ts';
import { chooseRowAction } from './support/row-actions.ts';
import { chooseOption } from './support/select.ts';
import type { RunningPanel } from './support/server.ts';
import { openFromSidebar } from './support/sidebar.ts';
import { createStones } from './support/stones.ts';

/**
 * Featured stones as the marketing desk keeps them: a stone of the stock picked by its number, shown
 * in the list as a stock line, switched off, its history read, and the list exported.
 */
let session: AdminSession;
let panel: RunningPanel;
let page: Page;

const prefix = `FS${Date.now().toString(36).slice(-4).toUpperCase()}`;
const round = `${prefix}-1`;
const pear = `${prefix}-2`;
const SLOW = { timeout: 10_000 };

beforeAll(async () => {
  session = await openAsAdmin();
  ({ panel, page } = session);
  await createStones(page, panel.url, [
    {
      stockNumber: round,
      carat: 1.01,
      shape: 'Round',
      color: 'D',
      clarity: 'VS1',
      rapPrice: 10_000,
      discount: -30,
    },
    {
      stockNumber: pear,
      carat: 0.9,
      shape: 'Pear',
      color: 'G',
      clarity: 'SI1',
      rapPrice: 5000,
      discount: -20,
    },
  ]);
});

afterAll(async () => {
  await session?.close();
});

describe('featured stones, in Chromium', () => {
  it('adds a featured stone picked by stock number and lists it as a stock line', async () => {
    await page.goto(`${panel.url}/hkadmin/dashboard`);
    await openFromSidebar(page, 'Masters', 'Featured Stone', 'featured-stone');
    await page.locator('.ant-table').first().waitFor();

    await page.getByRole('button', { name: 'Add Featured stone' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expectMessages(page, [
      RESOURCE_MESSAGES.required('Stone', 'reference'),
      RESOURCE_MESSAGES.required('Kind', 'enum'),
    ]);

    await chooseOption(page, drawer.getByLabel('Stone', { exact: true }), {
      typed: round.toLowerCase(),
      option: `${round} · Round 1.01 ct D VS1`,
    });
    await chooseOption(page, drawer.getByLabel('Kind', { exact: true }), { option: /^Best buy$/ });
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });

    const row = page.getByRole('row', { name: new RegExp(round) });
    await row.waitFor(SLOW);
    const cells = (await row.locator('td').allInnerTexts()).map((text) => text.trim());
    expect(cells).toEqual(
      expect.arrayContaining([
        round,
        'Round',
        '1.01',
        'D',
        'VS1',
        'USD 7,000.00',
        'USD 7,070.00',
        'Best buy',
      ]),
    );
  });

  it('filters by stone, switches a row off and shows its history under the stone number', async () => {
    await page.getByRole('button', { name: 'Add Featured stone' }).click();
    const drawer = page.getByRole('dialog');
    await chooseOption(page, drawer.getByLabel('Stone', { exact: true }), {
      typed: pear,
      option: `${pear} · Pear 0.90 ct G SI1`,
    });
    await chooseOption(page, drawer.getByLabel('Kind', { exact: true }), { option: /^Pair$/ });
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: new RegExp(pear) }).waitFor(SLOW);

    await chooseOption(page, page.getByLabel('Filter by stone'), {
      typed: pear,
      option: `${pear} · Pear 0.90 ct G SI1`,
    });
    await page.getByRole('row', { name: new RegExp(round) }).waitFor({ state: 'hidden', ...SLOW });
    await page.getByRole('row', { name: new RegExp(pear) }).waitFor();

    const active = page.getByRole('switch', { name: `Active of ${pear}` });
    expect(await active.getAttribute('aria-checked')).toBe('true');
    await active.click();
    await expect.poll(() => active.getAttribute('aria-checked'), SLOW).toBe('false');

    await chooseRowAction(page, page.getByRole('row', { name: new RegExp(pear) }), 'History');
    const history = page.getByRole('dialog', { name: `History — ${pear}` });
    await history.getByText('Featured stone created').waitFor();
    await history.getByText('Featured stone no longer active').waitFor();
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });
  });

  it('exports the list with the stone columns', async () => {
    await page.getByRole('button', { name: 'Export' }).click();
    const download = page.waitForEvent('download');
    await page.getByText('CSV (.csv)', { exact: true }).click();
    const lines = (await readFile(await (await download).path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('Stone,Shape,Carat,Color,Clarity,Price/ct,Amount,Kind');
    // Written as the list shows it: carats to two places, money with its currency.
    expect(lines.slice(1)).toEqual([
      expect.stringContaining(`${pear},Pear,0.90,G,SI1,"USD 4,000.00","USD 3,600.00",Pair`),
    ]);
  });
});
