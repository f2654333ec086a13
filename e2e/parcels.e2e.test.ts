import { readFile } from 'node:fs/promises';
import {
  ADMIN_MODULES,
  AUTH_ENDPOINTS,
  accountResource,
  CUSTOMER_MODULES,
  CUSTOMER_PARCEL_ENDPOINTS,
  formatDate,
  notificationSettingResource,
  PARCEL_PRICE_ENDPOINTS,
  PERMISSION_ENDPOINTS,
  RESOURCE_ENDPOINTS,
  ROLE_ENDPOINTS,
  resourceEndpoints,
  USER_ENDPOINTS,
  USER_TYPES,
} from '@facet/contract';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../apps/server/test/endpoint-client.ts';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import { Mailbox } from './support/mailbox.ts';
import { watchStep } from './support/page-watch.ts';
import { firstSignInThroughApi, freshPage, signInThroughApi } from './support/panel-session.ts';
import type { RunningPanel } from './support/server.ts';
import { sessionToken } from './support/stones.ts';

/**
 * Parcels as staff meet them: yesterday's melee price sheet is on file; today's starts as its copy, two
 * prices change and are saved, highlighted against yesterday and written to the exported file. A customer
 * orders at today's prices through the API; staff mark the order done and the customer is mailed.
 */
let session: AdminSession;
let panel: RunningPanel;
let page: Page;
let token: string;
let buyerToken: string;
let mailbox: Mailbox;

const prefix = `PO${Date.now().toString(36).slice(-4).toUpperCase()}`;
const CUSTOMER = 'Mira Melee';
const CUSTOMER_EMAIL = `${prefix.toLowerCase()}.mira@example.com`;
const COMPANY = `Surat Melee ${prefix}`;
const SLOW = { timeout: 15_000 };

const dayOf = (offset: number) => {
  const day = new Date(Date.now() + offset * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
};
const TODAY = dayOf(0);
const YESTERDAY = dayOf(-1);

// The two cells the test changes, by sieve group and quality band, as seeded.
const RAISED = { group: '-2', band: 'D-F IF-VVS', before: 1000, after: 1234.5 };
const LOWERED = { group: 'Stars', band: 'D-F VS-SI', before: 1110, after: 900 };
const KEPT = { group: 'Stars', band: 'D-F IF-VVS', price: 1100 };

let ids: { groups: Map<string, string>; bands: Map<string, string> };

const cell = (where: { group: string; band: string }) =>
  page.locator(`[data-cell="${where.group} | ${where.band}"]`);
/** What a cell shows: the grid draws each price in an input. */
const shown = (where: { group: string; band: string }) => cell(where).locator('input').inputValue();
/** The grid cell around the value: it carries the highlight classes. */
const gridCell = (where: { group: string; band: string }) =>
  page.locator('.dsg-cell').filter({ has: cell(where) });
const toast = (text: string) =>
  page.locator('.ant-notification-bottomLeft .ant-notification-notice').filter({ hasText: text });

/** A customer of an approved company who may see prices and order parcels, signed in through the API. */
async function signInCustomer(accountId: string): Promise<string> {
  const role = await callEndpoint(
    panel.url,
    ROLE_ENDPOINTS.create,
    { name: `Melee buyers ${prefix}`, scope: 'customer' },
    { token },
  );
  await callEndpoint(
    panel.url,
    PERMISSION_ENDPOINTS.upsert,
    {
      roleId: role.id,
      scope: 'customer',
      permissions: CUSTOMER_MODULES.filter((entry) => ['parcel', 'parcelOrder'].includes(entry.module)).map(
        (entry) => ({ id: entry.id, permissions: { view: true, insert: true } }),
      ),
    },
    { token },
  );
  const username = `${prefix.toLowerCase()}.mira`;
  await callEndpoint(
    panel.url,
    USER_ENDPOINTS.create,
    {
      type: USER_TYPES.CUSTOMER,
      name: CUSTOMER,
      username,
      emails: [{ value: CUSTOMER_EMAIL, isPrimary: true }],
      password: 'Start#Pass1',
      roleId: role.id,
      accountId,
    },
    { token },
  );
  const first = await signInThroughApi(panel, mailbox, {
    username,
    password: 'Start#Pass1',
    email: CUSTOMER_EMAIL,
  });
  await callEndpoint(
    panel.url,
    AUTH_ENDPOINTS.resetPasswordByUser,
    { currentPassword: 'Start#Pass1', password: 'Own#Pass22', newPassword: 'Own#Pass22' },
    { token: first },
  );
  return signInThroughApi(panel, mailbox, { username, password: 'Own#Pass22', email: CUSTOMER_EMAIL });
}

beforeAll(async () => {
  session = await openAsAdmin();
  ({ panel, page } = session);
  token = await sessionToken(page);
  mailbox = new Mailbox(`${panel.dataDir}/mail`);

  // Yesterday's sheet, every cell priced: 1,000 and up by 100 a group down and 10 a band across.
  const empty = await callEndpoint(
    panel.url,
    PARCEL_PRICE_ENDPOINTS.paginate,
    { date: YESTERDAY },
    { token },
  );
  ids = {
    groups: new Map(empty.sieveGroups.map((group) => [group.name, group.id])),
    bands: new Map(empty.qualityBands.map((band) => [band.name, band.id])),
  };
  await callEndpoint(
    panel.url,
    PARCEL_PRICE_ENDPOINTS.upsert,
    {
      date: YESTERDAY,
      prices: empty.sieveGroups.flatMap((group, row) =>
        empty.qualityBands.map((band, column) => ({
          sieveGroupId: group.id,
          qualityBandId: band.id,
          pricePerCarat: 1000 + row * 100 + column * 10,
        })),
      ),
    },
    { token },
  );

  // The customer is mailed when an order's status changes.
  const createSetting = resourceEndpoints(notificationSettingResource).create;
  if (!createSetting) throw new Error('notification settings are created through their generic endpoint');
  await callEndpoint(
    panel.url,
    createSetting,
    {
      action: 'order-status',
      title: 'Your order has moved',
      inApp: true,
      email: true,
      push: false,
      isActive: true,
    },
    { token },
  );
  const create = resourceEndpoints(accountResource).create;
  if (!create) throw new Error('companies cannot be created through the API');
  const company = await callEndpoint(panel.url, create, { name: COMPANY, code: prefix }, { token });
  await callEndpoint(
    panel.url,
    RESOURCE_ENDPOINTS.booleanStatusUpdate,
    { id: company.id, model: 'account', fieldName: 'isApproved', status: true },
    { token },
  );
  buyerToken = await signInCustomer(String(company.id));
});

afterAll(async () => {
  await session?.close();
});

/** Discards the grid's unsaved edits through the button and its question. */
async function discardChanges() {
  await page.getByRole('button', { name: 'Discard changes' }).click();
  const question = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await question.waitFor(SLOW);
  // The question's zoom-in can swallow a click on a busy machine: click until it has gone.
  await expect
    .poll(async () => {
      if (await question.isVisible()) {
        await question
          .getByRole('button', { name: 'Discard' })
          .click({ timeout: 2_000 })
          .catch(() => undefined);
      }
      return question.isVisible();
    }, SLOW)
    .toBe(false);
}

/** Where an element ends on the right, in the page's pixels. */
async function rightEdgeOf(target: ReturnType<Page['locator']>): Promise<number> {
  const box = await target.boundingBox();
  if (!box) throw new Error('The element is not drawn');
  return box.x + box.width;
}

/** Types a price into a cell as one does in a spreadsheet: select it, type, Enter. */
async function typePrice(where: { group: string; band: string }, price: number | string) {
  await cell(where).click();
  await page.keyboard.type(String(price));
  await page.keyboard.press('Enter');
}

describe('parcels in the panel, in Chromium', () => {
  it("starts today's sheet from yesterday's, changes two prices and saves them", async () => {
    await watchStep(page, 'open the parcel master', async () => {
      await page.goto(`${panel.url}/hkadmin/parcel-master`);
      await page.getByRole('heading', { name: 'Parcel prices' }).waitFor(SLOW);
      // The newest sheet opens: yesterday's.
      await expect.poll(() => shown(KEPT), SLOW).toBe('USD 1,100.00');
    });

    await watchStep(page, "see every band of the sheet on a laptop's screen", async () => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await expect
        .poll(() => rightEdgeOf(page.locator('.dsg-cell-header').last()), SLOW)
        .toBeLessThanOrEqual(1366);
      expect(await page.locator('.dsg-cell-header').last().innerText()).toBe([...ids.bands.keys()].at(-1));
    });

    await watchStep(page, "start today's sheet", async () => {
      await page.getByRole('button', { name: 'Start a new sheet' }).click();
      const dialog = page.getByRole('dialog', { name: 'Start a new sheet' });
      await dialog.getByRole('button', { name: 'Start' }).click();
      // The sheet itself is said to be new and unsaved; its copied cells are not marked as changes.
      await page.getByText(/^New sheet for .*, copied from .*This sheet is not saved yet/).waitFor(SLOW);
      await expect.poll(() => shown(RAISED), SLOW).toBe('USD 1,000.00');
      expect(await gridCell(RAISED).getAttribute('class')).not.toContain('parcel-dirty');
      expect(await page.locator('.dsg-cell.parcel-dirty').count()).toBe(0);
      await page.getByText('changed, not saved yet', { exact: false }).waitFor();
      expect(await page.getByText(/not saved yet \(\d+\)/).count()).toBe(0);
      // A new sheet may be saved as copied.
      expect(await page.getByRole('button', { name: 'Save', exact: true }).isEnabled()).toBe(true);
    });

    await watchStep(page, 'change two prices', async () => {
      await typePrice(RAISED, RAISED.after);
      await typePrice(LOWERED, LOWERED.after);
      await page.keyboard.press('Escape');
      await expect.poll(() => shown(RAISED)).toBe('USD 1,234.50');
      expect(await gridCell(RAISED).getAttribute('class')).toContain('parcel-up');
      expect(await shown(LOWERED)).toBe('USD 900.00');
      expect(await gridCell(LOWERED).getAttribute('class')).toContain('parcel-down');
      // Only what the user typed is marked, and counted.
      expect(await gridCell(RAISED).getAttribute('class')).toContain('parcel-dirty');
      expect(await gridCell(LOWERED).getAttribute('class')).toContain('parcel-dirty');
      expect(await gridCell(KEPT).getAttribute('class')).not.toContain('parcel-dirty');
      expect(await page.locator('.dsg-cell.parcel-dirty').count()).toBe(2);
      await page.getByText('changed, not saved yet (2)', { exact: false }).waitFor();
    });

    await watchStep(page, 'save', async () => {
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await toast('Price sheet saved.').waitFor(SLOW);
      await page.getByText(/^Sheet of .*, last saved/).waitFor(SLOW);
    });

    await watchStep(page, 'see the saved prices after a reload', async () => {
      await page.reload();
      await expect.poll(() => shown(RAISED), SLOW).toBe('USD 1,234.50');
      expect(await shown(LOWERED)).toBe('USD 900.00');
      await page.getByText(/^Sheet of .*, last saved/).waitFor(SLOW);
      // Against yesterday: up in green, down in red, the price before in the cell's title.
      const raised = gridCell(RAISED);
      expect(await raised.getAttribute('class')).toContain('parcel-up');
      expect(await raised.getAttribute('class')).not.toContain('parcel-dirty');
      expect(await cell(RAISED).getAttribute('title')).toBe('Before: USD 1,000.00');
      expect(await gridCell(LOWERED).getAttribute('class')).toContain('parcel-down');
      expect(await cell(LOWERED).getAttribute('title')).toBe('Before: USD 1,110.00');
      const kept = await gridCell(KEPT).getAttribute('class');
      expect(kept).not.toMatch(/parcel-(up|down|dirty)/);
    });

    await watchStep(page, 'keep a price that is no number in its cell, refused, never dropped', async () => {
      await typePrice(KEPT, 'abc');
      await page.keyboard.press('Escape');
      // The text stays as typed, outlined, with what to do in its title and above the grid.
      await expect.poll(() => shown(KEPT), SLOW).toBe('abc');
      expect(await gridCell(KEPT).getAttribute('class')).toContain('parcel-error');
      expect(await cell(KEPT).getAttribute('title')).toBe(
        'Enter a number, like 1,250.50, or clear the cell.',
      );
      await page
        .getByRole('alert')
        .filter({ hasText: `Not a price: ${KEPT.group}, ${KEPT.band} ("abc").` })
        .waitFor(SLOW);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await toast('The sheet was not saved: a cell holds no price.').waitFor(SLOW);
      // Nothing was sent: the saved sheet still holds the price.
      const onFile = await callEndpoint(
        panel.url,
        PARCEL_PRICE_ENDPOINTS.paginate,
        { date: TODAY },
        { token },
      );
      const kept = onFile.cells.find(
        (item) =>
          item.sieveGroupId === ids.groups.get(KEPT.group) && item.qualityBandId === ids.bands.get(KEPT.band),
      );
      expect(kept?.pricePerCarat).toBe(KEPT.price);
      expect(await shown(KEPT)).toBe('abc');
      await discardChanges();
      await expect.poll(() => shown(KEPT), SLOW).toBe('USD 1,100.00');
    });

    await watchStep(page, 'see a refused price on its cell, and discard it', async () => {
      await typePrice(KEPT, -5);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: `${KEPT.group}, ${KEPT.band}: Enter a price of 0 or more.` })
        .waitFor(SLOW);
      await expect.poll(() => gridCell(KEPT).getAttribute('class'), SLOW).toContain('parcel-error');
      expect(await cell(KEPT).getAttribute('title')).toBe('Enter a price of 0 or more.');
      await discardChanges();
      await expect.poll(() => shown(KEPT), SLOW).toBe('USD 1,100.00');
    });

    await watchStep(
      page,
      'paste a block copied from Excel, and be warned before leaving it unsaved',
      async () => {
        await cell(KEPT).click();
        // What Excel puts on the clipboard for two rows of two cells.
        await page.evaluate(() => {
          const data = new DataTransfer();
          data.setData('text/plain', '1,500.00\t1,600.00\r\n1,700.00\t1,800.00\r\n');
          document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
        });
        const below = { group: 'Melee', band: LOWERED.band };
        await expect.poll(() => shown(KEPT), SLOW).toBe('USD 1,500.00');
        expect(await shown({ group: KEPT.group, band: LOWERED.band })).toBe('USD 1,600.00');
        expect(await shown({ group: below.group, band: KEPT.band })).toBe('USD 1,700.00');
        expect(await shown(below)).toBe('USD 1,800.00');
        expect(await gridCell(below).getAttribute('class')).toContain('parcel-dirty');

        await page.getByRole('link', { name: 'Sieve groups' }).click();
        const leave = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
        await leave.getByRole('button', { name: 'Keep editing' }).click();
        expect(new URL(page.url()).pathname).toBe('/hkadmin/parcel-master');
        expect(await shown(below)).toBe('USD 1,800.00');
        await page.getByRole('button', { name: 'Discard changes' }).click();
        await page
          .getByRole('dialog', { name: 'Discard unsaved changes?' })
          .getByRole('button', { name: 'Discard' })
          .click();
        await expect.poll(() => shown(KEPT), SLOW).toBe('USD 1,100.00');
      },
    );

    await watchStep(page, "show a cell's price over time", async () => {
      await cell(RAISED).click();
      await page.getByRole('button', { name: 'Price history' }).click();
      const drawer = page.getByRole('dialog', { name: `Price history — ${RAISED.group}, ${RAISED.band}` });
      await drawer.getByRole('row', { name: /USD 1,234\.50.*USD \+234\.50/ }).waitFor(SLOW);
      await drawer.getByRole('row', { name: /USD 1,000\.00/ }).waitFor();
      await drawer.getByRole('button', { name: 'Close' }).click();
    });
  });

  it('exports the sheet with the two prices in the file', async () => {
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export XLSX' }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    // ExcelJS's types want its own Buffer; the file's bytes are the same.
    await workbook.xlsx.load((await readFile((await download.path()) as string)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('The file holds no worksheet');
    // The tab and the title name the day alike, and the title names the currency.
    expect(sheet.name).toBe(`Prices ${formatDate(TODAY)}`);
    expect(sheet.getCell('A1').value).toBe(`Parcel prices per carat in USD, ${formatDate(TODAY)}`);
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const header = rows.find((row) => row[0] === 'Sieve group') ?? [];
    const priceOf = (where: { group: string; band: string }) =>
      rows.find((row) => row[0] === where.group)?.[header.indexOf(where.band)];
    expect(priceOf(RAISED)).toBe(RAISED.after);
    expect(priceOf(LOWERED)).toBe(LOWERED.after);
    expect(priceOf(KEPT)).toBe(KEPT.price);

    // The file back with one price changed: the grid shows it, unsaved, until it is saved or discarded.
    await watchStep(page, 'import the file with one price changed', async () => {
      const keptRow = rows.findIndex((row) => row[0] === KEPT.group) + 1;
      sheet.getRow(keptRow).getCell(header.indexOf(KEPT.band) + 1).value = 1500;
      const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
      await page.locator('input[type="file"]').setInputFiles({
        name: 'prices-edited.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer,
      });
      await page.getByText(/^1 price changed from prices-edited\.xlsx/).waitFor(SLOW);
      await expect.poll(() => shown(KEPT), SLOW).toBe('USD 1,500.00');
      const classes = await gridCell(KEPT).getAttribute('class');
      expect(classes).toContain('parcel-dirty');
      expect(classes).toContain('parcel-up');
      expect(await shown(RAISED)).toBe('USD 1,234.50');
      await discardChanges();
      await expect.poll(() => shown(KEPT), SLOW).toBe('USD 1,100.00');
    });

    await watchStep(page, 'import a file with a bad price: each problem once, as a sentence', async () => {
      const bad = new ExcelJS.Workbook();
      const sheet = bad.addWorksheet('Prices');
      const bandNames = [...ids.bands.keys()];
      const groupNames = [...ids.groups.keys()];
      sheet.addRow(['Parcel prices per carat']);
      sheet.addRow(['Sieve group', ...bandNames]);
      groupNames.slice(0, 3).forEach((group, row) => {
        sheet.addRow([group, ...bandNames.map((_, column) => (row === 2 && column === 2 ? 'abc' : 1200))]);
      });
      sheet.addRow(['No such group', 1200]);
      await page.locator('input[type="file"]').setInputFiles({
        name: 'prices-bad.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: Buffer.from(await bad.xlsx.writeBuffer()),
      });
      const alert = page.getByRole('alert').filter({ hasText: 'prices-bad.xlsx was not imported' });
      await alert.waitFor(SLOW);
      expect(await alert.getByText('D5: Enter a price of 0 or more.', { exact: true }).count()).toBe(1);
      expect(await alert.innerText()).not.toContain('enter a price');
      // The grid is as it was.
      expect(await shown(KEPT)).toBe('USD 1,100.00');
      expect(await page.locator('.dsg-cell.parcel-dirty').count()).toBe(0);
      await alert.locator('.ant-alert-close-icon').click();
    });
  });

  it("prices a customer's order at today's prices, and staff mark it done", async () => {
    const order = await callEndpoint(
      panel.url,
      CUSTOMER_PARCEL_ENDPOINTS.orderCreate,
      {
        lines: [
          {
            sieveGroupId: ids.groups.get(RAISED.group) as string,
            qualityBandId: ids.bands.get(RAISED.band) as string,
            carats: 2,
          },
          {
            sieveGroupId: ids.groups.get(LOWERED.group) as string,
            qualityBandId: ids.bands.get(LOWERED.band) as string,
            pieces: 500,
            carats: 1.5,
          },
        ],
        notes: 'For the Diwali collection.',
      },
      { token: buyerToken },
    );
    expect(order.priceDate).toBe(TODAY);
    expect(order.lines.map((line) => [line.sieveGroupName, line.pricePerCarat, line.amount])).toEqual([
      [RAISED.group, RAISED.after, 2469],
      [LOWERED.group, LOWERED.after, 1350],
    ]);

    await watchStep(page, 'open the pending orders from the dashboard link', async () => {
      await page.goto(`${panel.url}/hkadmin/dashboard`);
      await page.getByTestId('tile-parcel-orders').getByTestId('figure-pending').click();
      await page.waitForURL('**/hkadmin/parcel/order?status=1');
      await page.getByRole('heading', { name: 'Parcel orders' }).waitFor(SLOW);
      // The status filter reads the address: pending only.
      await page
        .locator('.ant-select')
        .filter({ has: page.getByLabel('Filter by status') })
        .getByText('Pending', { exact: true })
        .waitFor(SLOW);
      const row = page.getByRole('row', { name: new RegExp(order.orderNumber) });
      await row.waitFor(SLOW);
      const text = await row.innerText();
      expect(text).toContain(CUSTOMER);
      expect(text).toContain(COMPANY);
      expect(text).toContain('Pending');
      expect(text).toContain('USD 3,819.00');
      // At a laptop's width the amount and the carats are on screen without scrolling.
      for (const name of ['Amount', 'Carats']) {
        expect(
          await rightEdgeOf(page.getByRole('columnheader', { name, exact: true })),
          name,
        ).toBeLessThanOrEqual(1366);
      }
      await row.getByRole('button', { name: order.orderNumber }).click();
      // The open order is in the address: a reload, or the link shared, opens it again.
      await page.waitForURL((url) => url.searchParams.get('order') === order.id, SLOW);
      await page.reload();
      await page
        .getByRole('dialog', { name: `Parcel order ${order.orderNumber}` })
        .getByRole('row', { name: /D-F IF-VVS/ })
        .waitFor(SLOW);
    });

    const seen = await mailbox.count();
    await watchStep(page, 'mark the order done from its drawer', async () => {
      const drawer = page.getByRole('dialog', { name: `Parcel order ${order.orderNumber}` });
      await drawer.getByRole('row', { name: /D-F IF-VVS.*USD 1,234\.50.*USD 2,469\.00/ }).waitFor(SLOW);
      await drawer.getByText('For the Diwali collection.').waitFor();
      await drawer.getByRole('button', { name: 'Mark done' }).click();
      const confirm = page.getByRole('dialog', { name: `Mark order ${order.orderNumber} done?` });
      await confirm.getByLabel('Remarks for the customer').fill('Ready for collection at the Surat office.');
      await confirm.getByRole('button', { name: 'Mark done' }).click();
      await confirm.waitFor({ state: 'hidden', ...SLOW });
      await drawer.getByText('Done', { exact: true }).first().waitFor(SLOW);
      await drawer.getByText(/^Done by .*, /).waitFor(SLOW);
      // Closed: no more moves.
      expect(await drawer.getByRole('button', { name: 'Mark done' }).count()).toBe(0);
    });

    const [notice] = await mailbox.waitFor(CUSTOMER_EMAIL, new RegExp(order.orderNumber), seen);
    expect(notice).toBe(order.orderNumber);
  });

  it('shows a clerk who may only read the sheet and the orders, without the controls that change them', async () => {
    const clerk = {
      username: `${prefix.toLowerCase()}.clerk`,
      email: `${prefix.toLowerCase()}.clerk@example.com`,
      password: 'Start#Pass1',
      newPassword: 'Clerk#Own22',
    };
    const user = await callEndpoint(
      panel.url,
      USER_ENDPOINTS.create,
      {
        type: USER_TYPES.EMPLOYEE,
        name: 'Clara Clerk',
        username: clerk.username,
        emails: [{ value: clerk.email, isPrimary: true }],
        password: clerk.password,
      },
      { token },
    );
    await callEndpoint(
      panel.url,
      PERMISSION_ENDPOINTS.upsert,
      {
        userId: user.id,
        scope: 'admin',
        permissions: ADMIN_MODULES.filter((entry) =>
          ['Parcel Master', 'Parcel Order'].includes(entry.module),
        ).map((entry) => ({ id: entry.id, permissions: { view: true } })),
      },
      { token },
    );
    const staff = await freshPage(session.browser);
    await firstSignInThroughApi(staff, panel, mailbox, clerk);

    await watchStep(staff, 'read the sheet without changing it', async () => {
      await staff.goto(`${panel.url}/hkadmin/parcel-master`);
      const raised = staff.locator(`[data-cell="${RAISED.group} | ${RAISED.band}"]`);
      await expect.poll(() => raised.locator('input').inputValue(), SLOW).toBe('USD 1,234.50');
      await staff.getByText('You may read this sheet, not change it.', { exact: false }).waitFor();
      for (const control of ['Save', 'Start a new sheet', 'Import XLSX', 'Discard changes']) {
        expect(await staff.getByRole('button', { name: control, exact: true }).count(), control).toBe(0);
      }
      await staff.getByRole('button', { name: 'Export XLSX' }).waitFor();
      expect(await staff.locator('.dsg-cell-disabled').count()).toBeGreaterThan(0);
    });

    await watchStep(staff, 'read the orders without moving them', async () => {
      await staff.goto(`${panel.url}/hkadmin/parcel/order`);
      const row = staff.getByRole('row', { name: /Mira Melee/ });
      await row.waitFor(SLOW);
      expect(await row.innerText()).toContain('Done');
      await row.click();
      const drawer = staff.getByRole('dialog', { name: /^Parcel order / });
      await drawer.getByRole('row', { name: /D-F IF-VVS/ }).waitFor(SLOW);
      expect(await drawer.getByRole('button', { name: 'Mark done' }).count()).toBe(0);
      expect(await drawer.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    });

    await watchStep(staff, "read an order's amount on a phone's card", async () => {
      await staff.setViewportSize({ width: 390, height: 844 });
      await staff.goto(`${panel.url}/hkadmin/parcel/order`);
      const card = staff.locator('.list-cards > li').filter({ hasText: CUSTOMER });
      await card.first().waitFor(SLOW);
      expect(await card.first().innerText()).toContain('USD 3,819.00');
    });
    await staff.context().close();
  });
});
