import {
  AUTH_ENDPOINTS,
  accountResource,
  CUSTOMER_ACTIVITY_ENDPOINTS as C,
  CUSTOMER_MODULES,
  MASTER_ENDPOINTS,
  NOTIFICATION_ENDPOINTS,
  notificationSettingResource,
  PERMISSION_ENDPOINTS,
  RESOURCE_ENDPOINTS,
  type ResourceRecord,
  ROLE_ENDPOINTS,
  resourceEndpoints,
  STOCK_SUMMARY_ENDPOINTS,
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
const CUSTOMER_EMAIL = `${prefix.toLowerCase()}.anna@example.com`;
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
  const email = CUSTOMER_EMAIL;
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
  // Jobs every second: a hold lapses and a demand is matched while the test waits.
  session = await openAsAdmin({ JOBS_INTERVAL_SECONDS: '1' });
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

  it('says a link that names no customer is not found, with a way back', async () => {
    for (const list of ['cart', 'hold', 'demand']) {
      await page.goto(`${panel.url}/hkadmin/${list}/not-a-customer`);
      await page.getByText('Customer not found').waitFor(SLOW);
      await page.getByRole('button', { name: 'Back to the list' }).click();
      await page.waitForURL(`**/hkadmin/${list}`);
    }
  });

  it("shows each of a customer's moves on its staff screen within two seconds, without a reload", async () => {
    const [fresh] = await createStones(page, panel.url, [
      {
        stockNumber: stock(7),
        carat: 1.1,
        shape: 'Oval',
        color: 'F',
        clarity: 'VS1',
        rapPrice: 8000,
        discount: -20,
      },
    ]);
    const freshId = String(fresh?.id);
    const masters = await callEndpoint(
      panel.url,
      MASTER_ENDPOINTS.listByCode,
      { code: ['SHAPE'] },
      { token: await sessionToken(page) },
    );
    const round = masters.SHAPE?.find((row) => row.name === 'Round')?.id as string;
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const as = { token: buyerToken };
    const moves: { screen: string; row: string; act: () => Promise<unknown> }[] = [
      {
        screen: 'cart',
        row: stock(4),
        act: () =>
          callEndpoint(panel.url, C.trackAdd, { list: 'cart', stoneIds: [stoneIds[3] as string] }, as),
      },
      {
        screen: 'enquiry',
        row: stock(7),
        act: () =>
          callEndpoint(
            panel.url,
            C.trackAdd,
            { list: 'enquiry', stoneIds: [freshId], message: 'Eye clean?' },
            as,
          ),
      },
      {
        screen: 'offer',
        row: stock(7),
        act: () => callEndpoint(panel.url, C.offerCreate, { stoneId: freshId, pricePerCarat: 6000 }, as),
      },
      {
        screen: 'hold',
        row: stock(7),
        act: () => callEndpoint(panel.url, C.holdCreate, { stoneId: freshId, hours: 24 }, as),
      },
      {
        // Large rounds: no stone of this test matches it, so it tells nobody of anything.
        screen: 'demand',
        row: `Large ${prefix}`,
        act: () =>
          callEndpoint(
            panel.url,
            C.demandCreate,
            {
              name: `Large ${prefix}`,
              filter: { shapeId: [round], carat: { from: 9, to: 10 } },
              expiresAt: expires,
            },
            as,
          ),
      },
    ];
    for (const move of moves) {
      const streaming = page.waitForResponse(
        (response) => response.url().includes('/apis/live/events'),
        SLOW,
      );
      await page.goto(`${panel.url}/hkadmin/${move.screen}`);
      await page.locator('.ant-table-row').first().waitFor(SLOW);
      await streaming;
      expect(await rowOf(move.row).count(), move.screen).toBe(0);
      await move.act();
      await rowOf(move.row).waitFor({ timeout: 2_000 });
    }
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
    // 5,000 offered on a stone listed at 9,000 less 25%.
    await dialog.getByText('25.9% below the list price of USD 6,750.00 per carat.').waitFor(SLOW);
    await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
    await toast('Offer accepted.').waitFor(SLOW);
    await expect.poll(() => row.innerText(), SLOW).toContain('Accepted');
  });

  it('counters a pending offer with another price, warned when far below the list', async () => {
    await page.goto(`${panel.url}/hkadmin/offer`);
    const row = rowOf(stock(2));
    await row.waitFor(SLOW);
    await chooseRowAction(page, row, 'Counter');
    const dialog = page.getByRole('dialog', { name: `Counter offer on ${stock(2)}` });
    await dialog.waitFor(SLOW);
    await dialog.getByLabel('Counter price per carat (USD)').fill('4800');
    // The stone is listed at 8,000 less 30%.
    await dialog.getByText('14.3% below the list price of USD 5,600.00 per carat.').waitFor(SLOW);
    await dialog.getByRole('button', { name: 'Send counter offer' }).click();
    await toast('Counter offer sent.').waitFor(SLOW);
    await expect.poll(() => row.innerText(), SLOW).toContain('USD 4,800.00');
    expect(await row.innerText()).toContain('Countered');
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
    await toast('Stone sent on memo to the customer.').waitFor(SLOW);
    const memo = rowOf(stock(1));
    await memo.waitFor(SLOW);
    expect(await memo.innerText()).toContain('Memo');
    expect(await memo.innerText()).toContain('Confirmed');

    // The stone's drawer names whom the stone is out with, and leads to their holds.
    await memo.getByRole('button', { name: stock(1), exact: true }).click();
    const drawer = page.getByRole('dialog', { name: `Stone ${stock(1)}` });
    await drawer.getByText(new RegExp(`^Memo for ${CUSTOMER}, .*confirmed, until `)).waitFor(SLOW);
    await drawer.getByRole('link', { name: "Open this customer's holds and memos" }).waitFor();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });

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

  it('frees a stone whose hold lapsed, and lists the hold as lapsed', async () => {
    const token = await sessionToken(page);
    const [stone] = await createStones(page, panel.url, [
      {
        stockNumber: stock(6),
        carat: 0.8,
        shape: 'Oval',
        color: 'E',
        clarity: 'VS1',
        rapPrice: 7000,
        discount: -15,
      },
    ]);
    await callEndpoint(
      panel.url,
      STOCK_SUMMARY_ENDPOINTS.blockCreate,
      {
        userId: customerId,
        stoneId: String(stone?.id),
        kind: 1,
        until: new Date(Date.now() + 4_000).toISOString(),
      },
      { token },
    );
    await page.goto(`${panel.url}/hkadmin/hold`);
    await page.getByRole('heading', { name: 'Holds and memos' }).waitFor(SLOW);
    await rowOf(stock(6)).waitFor(SLOW);
    await page.locator('.ant-segmented-item').filter({ hasText: 'Ended' }).click();
    await page.locator('.ant-segmented-item-selected').filter({ hasText: 'Ended' }).waitFor();
    // The job ends it once its time has passed; the list follows without a reload.
    const lapsed = rowOf(stock(6));
    await expect
      .poll(async () => ((await lapsed.count()) > 0 ? lapsed.innerText() : ''), { timeout: 30_000 })
      .toContain('Lapsed');
    await lapsed.getByRole('button', { name: stock(6), exact: true }).click();
    const drawer = page.getByRole('dialog', { name: `Stone ${stock(6)}` });
    await drawer.getByText('Available', { exact: true }).waitFor(SLOW);
    expect(await drawer.getByText(/^Hold for /).count()).toBe(0);
    await drawer.getByRole('button', { name: 'Close' }).click();
  });

  it('tells the demand’s owner of a matching stone of a stock upload, in the bell and by mail', async () => {
    const token = await sessionToken(page);
    const createSetting = resourceEndpoints(notificationSettingResource).create;
    if (!createSetting) throw new Error('notification settings are created through their generic endpoint');
    await callEndpoint(
      panel.url,
      createSetting,
      {
        action: 'demand',
        title: 'New stones for your demand',
        inApp: true,
        email: true,
        push: false,
        isActive: true,
      },
      { token },
    );
    const mailbox = new Mailbox(`${panel.dataDir}/mail`);
    const seen = await mailbox.count();
    await page.goto(`${panel.url}/hkadmin/Upload-Stock`);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'new-rounds.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Stock #,Shape,Carat,Color,Clarity,Price/Ct\n${stock(5)},Round,0.71,G,VS1,3000\n`),
    });
    await page.getByTestId('chosen-file').getByText('new-rounds.csv').waitFor();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('1 stone added or updated.').waitFor(SLOW);

    // The customer's bell, as the storefront reads it, and the customer's mail.
    const bell = async () =>
      (
        await callEndpoint(
          panel.url,
          NOTIFICATION_ENDPOINTS.paginate,
          { filter: { action: 'demand' } },
          { token: buyerToken },
        )
      ).list.map((notice) => notice.message);
    await expect.poll(bell, { timeout: 30_000 }).toEqual([expect.stringContaining(stock(5))]);
    const [line] = await mailbox.waitFor(CUSTOMER_EMAIL, new RegExp(`[^\n]*${stock(5)}[^\n]*`), seen, 15_000);
    expect(line).toContain(`Rounds ${prefix}`);
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

  it('opens a demand on the stones of the stock it matches now', async () => {
    await page.goto(`${panel.url}/hkadmin/demand`);
    const row = rowOf(`Rounds ${prefix}`);
    await row.waitFor(SLOW);
    await row.getByRole('button', { name: `Rounds ${prefix}` }).click();
    const drawer = page.getByRole('dialog', { name: `Stones matching Rounds ${prefix}` });
    await drawer.waitFor(SLOW);
    const stone = drawer.getByRole('row', { name: new RegExp(stock(1)) });
    await stone.waitFor(SLOW);
    const text = await stone.innerText();
    expect(text).toContain('Round');
    expect(text).toContain('1.01');
    expect(text).toContain('USD 8,000.00');
  });

  it('shows every kind of the company’s activity on its details page', async () => {
    await page.goto(`${panel.url}/hkadmin/account-details/${company.id}`);
    await page.getByRole('tab', { name: 'Customer activity' }).click();
    await rowOf(stock(1)).waitFor(SLOW);
    expect(await rowOf(stock(1)).innerText()).toContain('Cart');
    expect(await rowOf(stock(3)).innerText()).toContain('Offer');
    // Every kind's list shows each row's own terms: the offer's state and price.
    expect(await rowOf(stock(3)).innerText()).toMatch(
      /(Pending|Countered|Accepted|Rejected|Expired)\s*USD [\d,.]+\/ct/,
    );
    // Its holds and memos, and its demands, are the company's activity too.
    const which = page.getByRole('radiogroup', { name: 'Which activity' });
    await which.getByText('Holds and memos', { exact: true }).click();
    await page.getByRole('heading', { name: 'Holds and memos' }).waitFor(SLOW);
    await rowOf(stock(4)).waitFor(SLOW);
    await which.getByText('Demands', { exact: true }).click();
    await rowOf(`Rounds ${prefix}`).waitFor(SLOW);
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
