import {
  DIAMOND_COMMENT_ENDPOINTS,
  resourceEndpoints,
  stoneResource,
  USER_ENDPOINTS,
  USER_TYPES,
} from '@facet/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../apps/server/test/endpoint-client.ts';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import { chooseRowAction } from './support/row-actions.ts';
import { chooseOption } from './support/select.ts';
import type { RunningPanel } from './support/server.ts';
import { openFromSidebar } from './support/sidebar.ts';
import { createStones, sessionToken } from './support/stones.ts';

/**
 * The reports around stones: customers' comments (Stock Summary → Comment) read, narrowed to a stone
 * and removed; stone searches (Report → Search History) read in words and narrowed to one user.
 */
let session: AdminSession;
let panel: RunningPanel;
let page: Page;

const prefix = `SA${Date.now().toString(36).slice(-4).toUpperCase()}`;
const SLOW = { timeout: 10_000 };

beforeAll(async () => {
  session = await openAsAdmin();
  ({ panel, page } = session);
  const [first, second] = await createStones(page, panel.url, [
    {
      stockNumber: `${prefix}-1`,
      carat: 1,
      shape: 'Round',
      color: 'F',
      clarity: 'VS2',
      rapPrice: 9000,
      discount: -30,
    },
    {
      stockNumber: `${prefix}-2`,
      carat: 2,
      shape: 'Cushion',
      color: 'H',
      clarity: 'SI1',
      rapPrice: 15000,
      discount: -35,
    },
  ]);
  const username = `${prefix.toLowerCase()}.buyer`;
  const token = await sessionToken(page);
  const buyer = await callEndpoint(
    panel.url,
    USER_ENDPOINTS.create,
    {
      type: USER_TYPES.CUSTOMER,
      name: 'Anna Buyer',
      username,
      emails: [{ value: `${username}@example.com`, isPrimary: true }],
      password: 'Start#Pass1',
    },
    { token },
  );
  for (const [stone, remarks, color] of [
    [first, 'Please share the side view video.', '#fa8c16'],
    [second, 'Client asks for a better price.', null],
  ] as const) {
    await callEndpoint(
      panel.url,
      DIAMOND_COMMENT_ENDPOINTS.create,
      { userId: buyer.id, stoneId: String(stone?.id), remarks, color },
      { token },
    );
  }
  await callEndpoint(
    panel.url,
    resourceEndpoints(stoneResource).paginate,
    { filter: { stoneId: `${prefix}-1` } },
    { token },
  );
});

afterAll(async () => {
  await session?.close();
});

describe('comments and search history, in Chromium', () => {
  it('lists customers’ comments, narrows them to a stone and removes one', async () => {
    await page.goto(`${panel.url}/hkadmin/dashboard`);
    await openFromSidebar(page, 'Stock Summary', 'Comment', 'comment');
    await page.getByRole('row', { name: /Please share the side view video/ }).waitFor(SLOW);
    await page.getByRole('row', { name: /Client asks for a better price/ }).waitFor();

    await chooseOption(page, page.getByLabel('Filter by stone'), {
      typed: `${prefix}-2`,
      option: `${prefix}-2 · Cushion 2.00 ct H SI1`,
    });
    await page
      .getByRole('row', { name: /Please share the side view video/ })
      .waitFor({ state: 'hidden', ...SLOW });

    // Delete sits in the row's "more" menu, and its question names the stone.
    await chooseRowAction(page, page.getByRole('row', { name: new RegExp(`${prefix}-2`) }), 'Delete');
    const question = page.getByRole('dialog', { name: `Delete comment on '${prefix}-2'?` });
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('No comments found').waitFor(SLOW);
  });

  it('shows the recorded stone searches in words and narrows them to one user', async () => {
    await page.goto(`${panel.url}/hkadmin/search-history`);
    const row = page.getByRole('row', { name: new RegExp(`Stock or report #: ${prefix}-1`) });
    await row.waitFor(SLOW);
    expect(await row.innerText()).toContain('Super Admin');
    await row.getByRole('button', { name: 'Super Admin' }).click();
    await page.getByText('User: Super Admin').waitFor();
    expect(new URL(page.url()).searchParams.get('userId')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
