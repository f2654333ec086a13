import {
  AUTH_ENDPOINTS,
  accountResource,
  CUSTOMER_ACTIVITY_ENDPOINTS as C,
  CUSTOMER_MODULES,
  MASTER_ENDPOINTS,
  PERMISSION_ENDPOINTS,
  RESOURCE_ENDPOINTS,
  type ResourceRecord,
  ROLE_ENDPOINTS,
  resourceEndpoints,
  USER_ENDPOINTS,
  USER_TYPES,
} from '@facet/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../apps/server/test/endpoint-client.ts';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import { measureLists } from './support/list-layout.ts';
import { Mailbox } from './support/mailbox.ts';
import { signInThroughApi } from './support/panel-session.ts';
import { chooseRowAction } from './support/row-actions.ts';
import { chooseOption } from './support/select.ts';
import type { RunningPanel } from './support/server.ts';
import { createStones, sessionToken } from './support/stones.ts';

/**
 * Stock Summary as staff meet it: a customer of an approved company fills a cart, asks about a stone,
 * offers a price, holds a stone and saves a demand through the customer API; the panel lists each with
 * the customer's name, answers the enquiry and accepts the offer.
 */
let session: AdminSession;
let panel: RunningPanel;
let page: Page;
let company: ResourceRecord;
let customerId: string;
/** The customer's own token, as the storefront holds it. */
let buyerToken: string;
let stoneIds: string[];

const prefix = `CA${Date.now().toString(36).slice(-4).toUpperCase()}`;
const CUSTOMER = 'Anna Buyer';
const COMPANY = `Antwerp Brilliants ${prefix}`;
const SLOW = { timeout: 15_000 };
const stock = (index: number) => `${prefix}-${index}`;

/** A customer user of `accountId` with cart, enquiry, offer, hold and demand, signed in through the API. */
async function customerToken(token: string, accountId: string): Promise<string> {
  const modules = ['cart', 'enquiry', 'offer', 'hold', 'demand'];
  const role = await callEndpoint(
    panel.url,
    ROLE_ENDPOINTS.create,
    { name: `Buyers ${prefix}`, scope: 'customer' },
    { token },
  );
  await callEndpoint(
    panel.url,
    PERMISSION_ENDPOINTS.upsert,
    {
      roleId: role.id,
      scope: 'customer',
      permissions: CUSTOMER_MODULES.filter((entry) => modules.includes(entry.module)).map((entry) => ({
        id: entry.id,
        permissions: { view: true, insert: true },
      })),
    },
    { token },
  );
  const username = `${prefix.toLowerCase()}.anna`;
  const email = `${username}@example.com`;
  const customer = await callEndpoint(
    panel.url,
    USER_ENDPOINTS.create,
    {
      type: USER_TYPES.CUSTOMER,
      name: CUSTOMER,
      username,
      emails: [{ value: email, isPrimary: true }],
      password: 'Start#Pass1',
      roleId: role.id,
      accountId,
    },
    { token },
  );
  const mailbox = new Mailbox(`${panel.dataDir}/mail`);
  const first = await signInThroughApi(panel, mailbox, { username, password: 'Start#Pass1', email });
  await callEndpoint(
    panel.url,
    AUTH_ENDPOINTS.resetPasswordByUser,
    { currentPassword: 'Start#Pass1', password: 'Own#Pass22', newPassword: 'Own#Pass22' },
    { token: first },
  );
  customerId = customer.id;
  return signInThroughApi(panel, mailbox, { username, password: 'Own#Pass22', email });
}

beforeAll(async () => {
  session = await openAsAdmin();
  ({ panel, page } = session);
  const token = await sessionToken(page);
  const stones = await createStones(page, panel.url, [
    {
      stockNumber: stock(1),
      carat: 1.01,
      shape: 'Round',
      color: 'F',
      clarity: 'VS2',
      rapPrice: 10000,
      discount: -20,
    },
    {
      stockNumber: stock(2),
      carat: 2.02,
      shape: 'Cushion',
      color: 'H',
      clarity: 'SI1',
      rapPrice: 8000,
      discount: -30,
    },
    {
      stockNumber: stock(3),
      carat: 1.5,
      shape: 'Oval',
      color: 'G',
      clarity: 'VS1',
      rapPrice: 9000,
      discount: -25,
    },
    {
      stockNumber: stock(4),
      carat: 0.5,
      shape: 'Round',
      color: 'D',
      clarity: 'IF',
      rapPrice: 6000,
      discount: -10,
    },
  ]);
  stoneIds = stones.map((stone) => String(stone.id));
  const id = (index: number) => String(stones[index - 1]?.id);
  const create = resourceEndpoints(accountResource).create;
  if (!create) throw new Error('companies cannot be created through the API');
  company = await callEndpoint(panel.url, create, { name: COMPANY, code: prefix }, { token });
  await callEndpoint(
    panel.url,
    RESOURCE_ENDPOINTS.booleanStatusUpdate,
    { id: company.id, model: 'account', fieldName: 'isApproved', status: true },
    { token },
  );
  const buyer = await customerToken(token, company.id);
  buyerToken = buyer;
  const masters = await callEndpoint(panel.url, MASTER_ENDPOINTS.listByCode, { code: ['SHAPE'] }, { token });
  const round = masters.SHAPE?.find((row) => row.name === 'Round')?.id as string;
  const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const as = { token: buyer };
  await callEndpoint(panel.url, C.trackAdd, { list: 'cart', stoneIds: [id(1)] }, as);
  await callEndpoint(
    panel.url,
    C.trackAdd,
    { list: 'enquiry', stoneIds: [id(2)], message: 'Is the girdle thick?' },
    as,
  );
  await callEndpoint(panel.url, C.offerCreate, { stoneId: id(3), pricePerCarat: 5000 }, as);
  await callEndpoint(panel.url, C.offerCreate, { stoneId: id(2), pricePerCarat: 4000 }, as);
  await callEndpoint(panel.url, C.holdCreate, { stoneId: id(4), hours: 24 }, as);
  await callEndpoint(
    panel.url,
    C.demandCreate,
    { name: `Rounds ${prefix}`, filter: { shapeId: [round] }, expiresAt: expires },
    as,
  );
});

afterAll(async () => {
  await session?.close();
});

const rowOf = (text: string) => page.getByRole('row', { name: new RegExp(text) });
const toast = (text: string) =>
  page.locator('.ant-notification-bottomLeft .ant-notification-notice').filter({ hasText: text });

describe('customer activity in the panel, in Chromium', () => {
  it('lists a cart with the stone and the customer', async () => {
    await page.goto(`${panel.url}/hkadmin/cart`);
    await page.getByRole('heading', { name: 'Cart' }).waitFor(SLOW);
    const row = rowOf(stock(1));
    await row.waitFor(SLOW);
    const text = await row.innerText();
    expect(text).toContain(CUSTOMER);
    expect(text).toContain(COMPANY);
    expect(text).toContain('Round F VS2');

    // The list as a file, and one customer's list named in the title.
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    expect((await saved).suggestedFilename()).toMatch(/\.csv$/);
    await page.goto(`${panel.url}/hkadmin/cart/${customerId}`);
    await page.getByRole('heading', { name: `Cart — ${CUSTOMER}` }).waitFor(SLOW);
  });

  it("shows a customer's new cart entry within two seconds, without a reload", async () => {
    const streaming = page.waitForResponse((response) => response.url().includes('/apis/live/events'), SLOW);
    await page.goto(`${panel.url}/hkadmin/cart`);
    await rowOf(stock(1)).waitFor(SLOW);
    await streaming;
    expect(await rowOf(stock(4)).count()).toBe(0);
    await callEndpoint(
      panel.url,
      C.trackAdd,
      { list: 'cart', stoneIds: [stoneIds[3] as string] },
      { token: buyerToken },
    );
    await rowOf(stock(4)).waitFor({ timeout: 2_000 });
  });

  it('answers an enquiry from its row', async () => {
    await page.goto(`${panel.url}/hkadmin/enquiry`);
    const row = rowOf(stock(2));
    await row.waitFor(SLOW);
    expect(await row.innerText()).toContain('Is the girdle thick?');
    expect(await row.innerText()).toContain('Waiting');
    await chooseRowAction(page, row, 'Reply');
    const dialog = page.getByRole('dialog', { name: /Reply to enquiry/ });
    await dialog.getByLabel('Reply').fill('It is medium to slightly thick.');
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await toast('Reply sent.').waitFor(SLOW);
    await rowOf('It is medium to slightly thick.').waitFor(SLOW);
  });

  it('accepts a pending offer', async () => {
    await page.goto(`${panel.url}/hkadmin/offer`);
    await page.getByRole('heading', { name: 'Offers' }).waitFor(SLOW);
    const row = rowOf(stock(3));
    await row.waitFor(SLOW);
    expect(await row.innerText()).toContain('Pending');
    expect(await row.innerText()).toContain(CUSTOMER);
    await chooseRowAction(page, row, 'Accept');
    const dialog = page.getByRole('dialog', { name: `Accept the offer on ${stock(3)}?` });
    await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
    await toast('Offer accepted.').waitFor(SLOW);
    await expect.poll(() => row.innerText(), SLOW).toContain('Accepted');
  });

  it('counters a pending offer with another price', async () => {
    await page.goto(`${panel.url}/hkadmin/offer`);
    const row = rowOf(stock(2));
    await row.waitFor(SLOW);
    await chooseRowAction(page, row, 'Counter');
    const dialog = page.getByRole('dialog', { name: `Counter offer on ${stock(2)}` });
    await dialog.waitFor(SLOW);
    await dialog.getByLabel('Counter price per carat (USD)').fill('4800');
    await dialog.getByRole('button', { name: 'Send counter offer' }).click();
    await toast('Counter offer sent.').waitFor(SLOW);
    await expect.poll(() => row.innerText(), SLOW).toContain('USD 4,800.00');
  });

  it('lists the customer’s hold, holds a stone on memo for them and releases it', async () => {
    await page.goto(`${panel.url}/hkadmin/hold`);
    await page.getByRole('heading', { name: 'Holds and memos' }).waitFor(SLOW);
    const held = rowOf(stock(4));
    await held.waitFor(SLOW);
    const text = await held.innerText();
    expect(text).toContain(CUSTOMER);
    expect(text).toContain('Requested');

    await page.getByRole('button', { name: 'Hold a stone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hold a stone' });
    await chooseOption(page, dialog.getByLabel('Customer'), { typed: 'Anna', option: CUSTOMER });
    await chooseOption(page, dialog.getByLabel('Stone'), { typed: stock(1), option: `${stock(1)} ·` });
    await dialog.getByLabel('Memo').check();
    await dialog.getByRole('button', { name: 'Hold', exact: true }).click();
    await toast('Stone blocked for the customer.').waitFor(SLOW);
    const memo = rowOf(stock(1));
    await memo.waitFor(SLOW);
    expect(await memo.innerText()).toContain('Memo');
    expect(await memo.innerText()).toContain('Confirmed');

    await chooseRowAction(page, memo, 'Release');
    await page
      .getByRole('dialog', { name: `Release ${stock(1)}?` })
      .getByRole('button', { name: 'Release', exact: true })
      .click();
    await toast('Released; the stone is available again.').waitFor(SLOW);
    await memo.waitFor({ state: 'hidden', ...SLOW });
    await page.locator('.ant-segmented-item').filter({ hasText: 'Ended' }).click();
    await rowOf(stock(1)).waitFor(SLOW);
    expect(await rowOf(stock(1)).innerText()).toContain('Released');
  });

  it('lists the customer’s demand with its criteria and the summary above', async () => {
    await page.goto(`${panel.url}/hkadmin/demand`);
    await page.getByRole('heading', { name: 'Demands' }).waitFor(SLOW);
    const row = rowOf(`Rounds ${prefix}`);
    await row.waitFor(SLOW);
    const text = await row.innerText();
    expect(text).toContain(CUSTOMER);
    expect(text).toContain('Round');
    await page.getByText('Live demands').waitFor();
  });

  it('shows every kind of the company’s activity on its details page', async () => {
    await page.goto(`${panel.url}/hkadmin/account-details/${company.id}`);
    await page.getByRole('tab', { name: 'Customer activity' }).click();
    await rowOf(stock(1)).waitFor(SLOW);
    expect(await rowOf(stock(1)).innerText()).toContain('Cart');
    expect(await rowOf(stock(3)).innerText()).toContain('Offer');
  });

  it('draws each list with its data first at a desk, and as cards on a phone', async () => {
    const problems: string[] = [];
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const path of ['cart', 'enquiry', 'offer', 'hold', 'demand']) {
        await page.goto(`${panel.url}/hkadmin/${path}`, { waitUntil: 'networkidle' });
        await page.locator('.ant-table-row, .list-card').first().waitFor(SLOW);
        const layout = await measureLists(page);
        if (layout.rows === 0) problems.push(`${path} at ${width}: no rows`);
        if (width < 500 && layout.cards === 0) problems.push(`${path} at ${width}: no cards`);
        problems.push(...layout.problems.map((problem) => `${path} at ${width}: ${problem}`));
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(problems).toEqual([]);
  });
});
