import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import { chooseOption } from './support/select.ts';
import type { RunningPanel } from './support/server.ts';
import { openFromSidebar } from './support/sidebar.ts';
import { createStones } from './support/stones.ts';

/**
 * Diamond Journey as a stock keeper uses it: from the sidebar, find a stone by its stock number, read
 * where it comes from, add the events of its way from the mine, correct one, remove one, and find the
 * journey again after a reload.
 */
let session: AdminSession;
let panel: RunningPanel;
let page: Page;

const stockNumber = `DJ${Date.now().toString(36).slice(-5).toUpperCase()}`;
const SLOW = { timeout: 10_000 };

beforeAll(async () => {
  session = await openAsAdmin();
  ({ panel, page } = session);
  await createStones(page, panel.url, [
    { stockNumber, carat: 1.52, shape: 'Oval', color: 'E', clarity: 'VVS2', rapPrice: 20_000, discount: -25 },
  ]);
});

afterAll(async () => {
  await session?.close();
});

/** The stages shown on the timeline, top to bottom. */
async function timeline(): Promise<string[]> {
  const events = page.getByTestId('journey-event');
  return (await events.allInnerTexts()).map((text) => text.split('\n')[0]?.trim() ?? '');
}

async function addEvent(stage: string, date: string, place: string, description: string): Promise<void> {
  await page.getByRole('button', { name: 'Add event' }).click();
  const drawer = page.getByRole('dialog', { name: `Add event — ${stockNumber}` });
  await chooseOption(page, drawer.getByLabel('Stage', { exact: true }), { option: new RegExp(`^${stage}$`) });
  const day = drawer.getByLabel('Date', { exact: true });
  await day.fill(date);
  await day.press('Enter');
  await drawer.getByLabel('Place', { exact: true }).fill(place);
  await drawer.getByLabel('Description', { exact: true }).fill(description);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await drawer.waitFor({ state: 'hidden' });
}

describe('the diamond journey, in Chromium', () => {
  it('opens from the sidebar and finds a stone by its stock number', async () => {
    await page.goto(`${panel.url}/hkadmin/dashboard`);
    await openFromSidebar(page, 'Stock Summary', 'Diamond Journey', 'diamond-journey');

    await chooseOption(page, page.getByLabel('Find a stone'), {
      typed: stockNumber.toLowerCase(),
      option: `${stockNumber} · Oval 1.52 ct E VVS2`,
    });
    await page.waitForURL(/[?&]stone=/);
    await page.getByText('No events recorded yet').waitFor(SLOW);
    await page.getByText('Oval 1.52 ct E VVS2', { exact: true }).waitFor();
    await page.getByText('USD 15,000.00', { exact: true }).waitFor();
  });

  it('adds events and shows them on the timeline in date order', async () => {
    await addEvent('Polished', '20 Sep 2025', 'Surat', 'Facets polished and the girdle finished.');
    await expect.poll(timeline, SLOW).toEqual(['Polished']);
    // Recorded later, but it happened first: the timeline puts it first.
    await addEvent('Mined', '2 Mar 2025', 'Jwaneng, Botswana', 'Recovered at the Jwaneng mine.');
    await expect.poll(timeline, SLOW).toEqual(['Mined', 'Polished']);
    await page.getByText('Jwaneng, Botswana', { exact: true }).waitFor();
    await page.getByText('2 Mar 2025', { exact: true }).waitFor();
  });

  it('corrects an event and removes another, then finds the journey again after a reload', async () => {
    await page.getByRole('button', { name: 'Edit Polished' }).click();
    const drawer = page.getByRole('dialog', { name: `Edit event — ${stockNumber}` });
    await drawer.getByLabel('Place', { exact: true }).fill('Mumbai');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByText('Mumbai', { exact: true }).waitFor(SLOW);

    await page.getByRole('button', { name: 'Delete Mined' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(timeline, SLOW).toEqual(['Polished']);

    await page.reload();
    await expect.poll(timeline, SLOW).toEqual(['Polished']);
    await page.getByText('Mumbai', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'History of Polished' }).click();
    const history = page.getByRole('dialog');
    await history.getByText('Journey event updated').first().waitFor();
    await history.getByText('Journey event created').waitFor();
  });
});
