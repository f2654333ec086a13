import { MENU } from '@facet/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import { writeDemoData } from './support/demo-data.ts';
import { type ListLayout, measureLists } from './support/list-layout.ts';
import { watchStep } from './support/page-watch.ts';

/**
 * Every list of the sidebar, filled with the demo data set, as a desk (1440x900) and a phone (390x844)
 * show it: the fixed actions column never covers data, no header or number breaks inside a word, and on
 * a phone the lists are cards. Read from the contract's menu, so a new screen is measured the day it is
 * added.
 */
let session: AdminSession;
let page: Page;
let url: string;

beforeAll(async () => {
  session = await openAsAdmin({}, writeDemoData);
  ({ page } = session);
  url = session.panel.url;
}, 400_000);

afterAll(async () => {
  await session?.close();
});

const SCREENS = MENU.flatMap((group) =>
  (group.children ?? []).flatMap((leaf) =>
    leaf.path ? [{ name: `${group.name} › ${leaf.name}`, path: leaf.path }] : [],
  ),
);

async function measure(path: string, name: string): Promise<ListLayout> {
  return watchStep(page, `opening ${name}`, async () => {
    await page.goto(`${url}/hkadmin/${path}`);
    // A list has drawn once it shows rows, cards or its empty state. A screen that is no list never
    // does: it is taken for one once it has shown its title without any table for a while.
    await page
      .waitForFunction(
        (quietMs) => {
          const state = globalThis as { noListSince?: number };
          const busy = document.querySelector('#nprogress, .ant-table .ant-spin-spinning, .ant-skeleton');
          const drawnList = document.querySelector(
            '.ant-table-row, .list-card, .list-cards-empty, .ant-table-placeholder .ant-empty',
          );
          if (drawnList && !busy) return true;
          const titled = document
            .querySelector('.panel-content')
            ?.querySelector('h1, h2, h3, h4, .ant-result-title, .ant-card-head-title');
          const anyList = document.querySelector('.ant-table, .list-cards, .list-cards-empty');
          if (!titled || busy || anyList) {
            state.noListSince = undefined;
            return false;
          }
          state.noListSince ??= performance.now();
          return performance.now() - state.noListSince >= quietMs;
        },
        NO_LIST_QUIET_MS,
        { timeout: SETTLE_MS },
      )
      .catch(() => undefined);
    return measureLists(page);
  });
}

/** How long a screen is given to draw its list before it is taken for a screen without one. */
const SETTLE_MS = 4_000;
/** How long a screen shows its title with no table before it is taken for a screen without a list. */
const NO_LIST_QUIET_MS = 1_000;

/**
 * Lists that only what people do fills (an upload's jobs, the notifications sent), which the demo data
 * set has none of: measured all the same, without rows to measure they are not counted as a failure.
 */
const FILLED_BY_ACTIONS = new Set(['Masters › Upload Stock', 'Setting › Send notification']);

/** The screens that showed a list at the desk, by path; the phone's pass measures the same ones. */
const lists = new Set<string>();

describe('lists show their data first, in Chromium', () => {
  it('at 1440x900 every list has rows, and no fixed column covers data or word breaks in two', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const problems: string[] = [];
    for (const screen of SCREENS) {
      const layout = await measure(screen.path, screen.name);
      if (layout.tables + layout.cards === 0) continue;
      lists.add(screen.path);
      if (layout.rows === 0 && !FILLED_BY_ACTIONS.has(screen.name)) {
        problems.push(`${screen.name}: no rows to measure`);
      }
      if (layout.cards > 0) problems.push(`${screen.name}: cards at a desk's width`);
      problems.push(...layout.problems.map((problem) => `${screen.name}: ${problem}`));
    }
    // The sidebar's lists are most of its entries; a screen that stopped drawing its list would drop out.
    expect(lists.size).toBeGreaterThan(SCREENS.length / 2);
    expect(problems).toEqual([]);
  }, 300_000);

  it('at 390x844 the lists are cards, or tables that pass the same checks', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const problems: string[] = [];
    for (const screen of SCREENS.filter((candidate) => lists.has(candidate.path))) {
      const layout = await measure(screen.path, screen.name);
      if (layout.tables + layout.cards === 0) problems.push(`${screen.name}: no list on a phone`);
      else if (layout.rows === 0 && !FILLED_BY_ACTIONS.has(screen.name)) {
        problems.push(`${screen.name}: no rows to measure`);
      }
      problems.push(...layout.problems.map((problem) => `${screen.name}: ${problem}`));
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
