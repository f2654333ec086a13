import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  APPOINTMENT_ENDPOINTS,
  AUTH_ENDPOINTS,
  accountResource,
  CUSTOMER_APPOINTMENT_ENDPOINTS as C,
  CUSTOMER_MODULES,
  cabinResource,
  countryResource,
  locationResource,
  PERMISSION_ENDPOINTS,
  RESOURCE_ENDPOINTS,
  ROLE_ENDPOINTS,
  resourceEndpoints,
  SLOT_MESSAGES,
  slotResource,
  timeZoneChoiceLabel,
  USER_ENDPOINTS,
  USER_TYPES,
} from '@facet/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../apps/server/test/endpoint-client.ts';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import { Mailbox } from './support/mailbox.ts';
import { watchStep } from './support/page-watch.ts';
import { signInThroughApi } from './support/panel-session.ts';
import { chooseRowAction } from './support/row-actions.ts';
import { chooseOption } from './support/select.ts';
import type { RunningPanel } from './support/server.ts';
import { createStones, sessionToken } from './support/stones.ts';

/**
 * Appointments as a new staff user meets them: a cabin set up through the generic form, its weekday slots
 * through the slot screen's week view, two customers asking for the same time through the API, the first
 * approved in the schedule's drawer (the customer mailed an invitation .ics), the second refused.
 */
let session: AdminSession;
let panel: RunningPanel;
let page: Page;
let token: string;
let locationId: string;
let cabinId: string;
let stoneId: string;

const prefix = `AP${Date.now().toString(36).slice(-4).toUpperCase()}`;
const LOCATION = `Dubai Showroom ${prefix}`;
const CABIN = `Cabin ${prefix}`;
const ZONE = 'Asia/Dubai';
const SLOW = { timeout: 15_000 };
const customers = [
  { name: 'Amira Buyer', email: `${prefix.toLowerCase()}.amira@example.com` },
  { name: 'Bruno Buyer', email: `${prefix.toLowerCase()}.bruno@example.com` },
];
const toast = (text: string) =>
  page.locator('.ant-notification-bottomLeft .ant-notification-notice').filter({ hasText: text });

/** The next Monday to Friday, at least two days from now, as Dubai's calendar names it. */
function nextWorkday(): { day: string; weekDay: number } {
  for (let ahead = 2; ; ahead += 1) {
    const date = new Date(Date.now() + ahead * 86_400_000);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(date);
    const weekDay = ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    if (weekDay <= 5) return { day, weekDay };
  }
}

/** A customer of an approved company who may book, signed in through the API. */
async function customerTokens(accountId: string): Promise<string[]> {
  const role = await callEndpoint(
    panel.url,
    ROLE_ENDPOINTS.create,
    { name: `Visitors ${prefix}`, scope: 'customer' },
    { token },
  );
  await callEndpoint(
    panel.url,
    PERMISSION_ENDPOINTS.upsert,
    {
      roleId: role.id,
      scope: 'customer',
      permissions: CUSTOMER_MODULES.filter((entry) => entry.module === 'appointment').map((entry) => ({
        id: entry.id,
        permissions: { view: true, insert: true, delete: true },
      })),
    },
    { token },
  );
  const mailbox = new Mailbox(`${panel.dataDir}/mail`);
  const tokens: string[] = [];
  for (const [index, customer] of customers.entries()) {
    const username = `${prefix.toLowerCase()}.c${index}`;
    await callEndpoint(
      panel.url,
      USER_ENDPOINTS.create,
      {
        type: USER_TYPES.CUSTOMER,
        name: customer.name,
        username,
        emails: [{ value: customer.email, isPrimary: true }],
        password: 'Start#Pass1',
        roleId: role.id,
        accountId,
      },
      { token },
    );
    const first = await signInThroughApi(panel, mailbox, {
      username,
      password: 'Start#Pass1',
      email: customer.email,
    });
    await callEndpoint(
      panel.url,
      AUTH_ENDPOINTS.resetPasswordByUser,
      { currentPassword: 'Start#Pass1', password: 'Own#Pass22', newPassword: 'Own#Pass22' },
      { token: first },
    );
    tokens.push(
      await signInThroughApi(panel, mailbox, { username, password: 'Own#Pass22', email: customer.email }),
    );
  }
  return tokens;
}

/** The raw mails to `address` (the .eml files of the server's mailbox). */
async function rawMailsTo(address: string): Promise<string[]> {
  const folder = `${panel.dataDir}/mail`;
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  const mails = await Promise.all(names.map((name) => readFile(join(folder, name), 'utf8')));
  return mails.filter((mail) => mail.includes(address));
}

/** The day the customers book. */
const { day } = nextWorkday();

beforeAll(async () => {
  session = await openAsAdmin();
  ({ panel, page } = session);
  token = await sessionToken(page);
  const countries = await callEndpoint(
    panel.url,
    resourceEndpoints(countryResource).paginate,
    { search: 'United Arab Emirates' },
    { token },
  );
  const country = countries.list[0];
  const createLocation = resourceEndpoints(locationResource).create;
  if (!createLocation) throw new Error('locations cannot be created through the API');
  locationId = (
    await callEndpoint(
      panel.url,
      createLocation,
      { name: LOCATION, countryId: country?.id, timeZone: ZONE },
      { token },
    )
  ).id;
  const [stone] = await createStones(page, panel.url, [
    {
      stockNumber: `${prefix}-1`,
      carat: 1.2,
      shape: 'Round',
      color: 'E',
      clarity: 'VS1',
      rapPrice: 9000,
      discount: -20,
    },
  ]);
  stoneId = String(stone?.id);
});

afterAll(async () => {
  await session?.close();
});

describe('appointments in the panel, in Chromium', () => {
  it('finds a location’s time zone by typing a city, its offset in front', async () => {
    const name = `Antwerp Showroom ${prefix}`;
    const brussels = timeZoneChoiceLabel('Europe/Brussels');
    await page.goto(`${panel.url}/hkadmin/location`);
    await watchStep(page, 'add a location in Antwerp', async () => {
      await page.getByRole('button', { name: 'Add location' }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByLabel('Name', { exact: true }).fill(name);
      await chooseOption(page, drawer.getByLabel('Country', { exact: true }), { typed: 'Belgium' });
      const zone = drawer.getByLabel('Time zone', { exact: true });
      await zone.click();
      await zone.fill('Antwerp');
      const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await expect.poll(() => offered.allInnerTexts(), SLOW).toEqual([brussels]);
      await offered.first().click();
      await expect.poll(() => drawer.innerText(), SLOW).toContain(brussels);
      await drawer.getByRole('button', { name: 'Save' }).click();
      await drawer.waitFor({ state: 'hidden', ...SLOW });
    });
    // The list names the zone itself (its offset moves with summer time).
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor(SLOW);
    expect(await row.innerText()).toContain('Europe/Brussels');
    const saved = await callEndpoint(
      panel.url,
      resourceEndpoints(locationResource).paginate,
      { search: name },
      { token },
    );
    expect(saved.list[0]?.timeZone).toBe('Europe/Brussels');
  });

  it('sets up a cabin through the generic form', async () => {
    await page.goto(`${panel.url}/hkadmin/cabin`);
    await watchStep(page, 'add a cabin', async () => {
      await page.getByRole('button', { name: 'Add cabin' }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByLabel('Name', { exact: true }).fill(CABIN);
      await chooseOption(page, drawer.getByLabel('Location', { exact: true }), {
        typed: 'Dubai',
        option: LOCATION,
      });
      await drawer.getByRole('button', { name: 'Save' }).click();
      await drawer.waitFor({ state: 'hidden', ...SLOW });
      await page.getByRole('row', { name: new RegExp(CABIN) }).waitFor(SLOW);
    });
    const cabins = await callEndpoint(
      panel.url,
      resourceEndpoints(cabinResource).paginate,
      { search: CABIN },
      { token },
    );
    cabinId = String(cabins.list[0]?.id);
    expect(cabins.list[0]?.locationId).toBe(locationId);
  });

  it('adds a Monday slot in the week view, refuses an overlap in the dialog and by dragging, moves it by dragging', async () => {
    await page.goto(`${panel.url}/hkadmin/slot?cabin=${cabinId}`);
    await watchStep(page, 'open the slot screen', () =>
      page.getByText(`Times in ${ZONE} (UTC+04:00), the time zone of ${LOCATION}.`).waitFor(SLOW),
    );
    const addSlot = async (start: string, end: string) => {
      await page.getByRole('button', { name: 'Add a slot' }).click();
      const dialog = page.getByRole('dialog', { name: `Add a slot to ${CABIN}` });
      await dialog.waitFor();
      for (const [label, time] of [
        ['Start', start],
        ['End', end],
      ] as const) {
        const input = dialog.getByLabel(label, { exact: true });
        await input.click();
        await input.fill(time);
        await input.press('Enter');
      }
      await dialog.getByRole('button', { name: 'Add slot' }).click();
      return dialog;
    };
    await watchStep(page, 'add a Monday slot', async () => {
      const dialog = await addSlot('09:00', '17:00');
      await dialog.waitFor({ state: 'hidden', ...SLOW });
      await toast('Slot added.').waitFor(SLOW);
      await page.locator('.rbc-event').filter({ hasText: '30-minute slots' }).first().waitFor(SLOW);
    });
    await watchStep(page, 'refuse an overlapping slot', async () => {
      const dialog = await addSlot('10:00', '11:00');
      await dialog
        .locator('.ant-alert-error')
        .filter({ hasText: /overlaps the slot/ })
        .waitFor(SLOW);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
    });
    await watchStep(page, 'refuse a slot that ends before it starts', async () => {
      const dialog = await addSlot('12:00', '11:00');
      await dialog.locator('.ant-alert-error').filter({ hasText: SLOT_MESSAGES.endAfterStart }).waitFor(SLOW);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
    });
    // The rest of the working week through the API: the dialog is the same for each day.
    const create = resourceEndpoints(slotResource).create;
    if (!create) throw new Error('slots cannot be created through the API');
    const validFrom = new Date().toISOString().slice(0, 10);
    for (const weekDay of [2, 3, 4, 5]) {
      await callEndpoint(
        panel.url,
        create,
        { cabinId, weekDay, startTime: '09:00', endTime: '17:00', slotMinutes: 30, validFrom },
        { token },
      );
    }
    await page.reload();
    await expect.poll(() => page.locator('.rbc-event').count(), SLOW).toBe(5);

    // Monday's block dragged onto Tuesday is refused (Tuesday has its own) and stays on Monday.
    const monday = page.locator('.rbc-event').first();
    const box = await monday.boundingBox();
    if (!box) throw new Error('no slot on the calendar');
    await watchStep(page, 'refuse a slot dragged onto another', async () => {
      const [x, y] = [box.x + box.width / 2, box.y + 30];
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + 5, y, { steps: 2 });
      await page.mouse.move(x + box.width + 12, y, { steps: 8 });
      await page.mouse.up();
      await toast('overlaps the slot').waitFor(SLOW);
      await expect.poll(async () => (await monday.boundingBox())?.x, SLOW).toBeCloseTo(box.x, 0);
    });
    // Dragged an hour later on its own day: moved.
    await watchStep(page, 'move a slot an hour later', async () => {
      // An hour a row: the slot calendar's rows are four quarters.
      const hour = (await page.locator('.rbc-timeslot-group').first().boundingBox())?.height ?? 40;
      const [x, y] = [box.x + box.width / 2, box.y + 30];
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x, y + 5, { steps: 2 });
      await page.mouse.move(x, y + hour, { steps: 8 });
      await page.mouse.up();
      await toast('Slot moved to Monday 10:00–18:00.').waitFor(SLOW);
      await monday.getByText('10:00–18:00').waitFor(SLOW);
    });
  });

  it('approves a booking in the schedule, mails the customer an .ics, and refuses a second one at that time', async () => {
    const company = resourceEndpoints(accountResource).create;
    if (!company) throw new Error('companies cannot be created through the API');
    const account = await callEndpoint(
      panel.url,
      company,
      { name: `Gulf Gems ${prefix}`, code: prefix },
      { token },
    );
    await callEndpoint(
      panel.url,
      RESOURCE_ENDPOINTS.booleanStatusUpdate,
      { id: account.id, model: 'account', fieldName: 'isApproved', status: true },
      { token },
    );
    const [first, second] = await customerTokens(account.id);
    const free = await callEndpoint(panel.url, C.slots, { date: day, cabinId }, { token: first as string });
    const startsAt = free[0]?.startsAt as string;
    expect(startsAt).toBeDefined();
    // The schedule is open while the customers ask: their bookings appear without a reload.
    const streaming = page.waitForResponse((response) => response.url().includes('/apis/live/events'), SLOW);
    await page.goto(`${panel.url}/hkadmin/schedule?location=${locationId}&date=${day}`);
    await page.locator('.rbc-background-event').first().waitFor(SLOW);
    await streaming;
    const booked = await callEndpoint(
      panel.url,
      C.create,
      {
        cabinId,
        startsAt,
        purpose: 'See the round',
        meetingType: 3,
        stoneIds: [stoneId],
        notes: 'Two of us',
      },
      { token: first as string },
    );
    const rival = await callEndpoint(
      panel.url,
      C.create,
      { cabinId, startsAt, purpose: 'Compare rounds', meetingType: 2 },
      { token: second as string },
    );

    await watchStep(page, 'see the requests arrive', async () => {
      for (const customer of customers) {
        await page.locator('.rbc-event').filter({ hasText: customer.name }).waitFor({ timeout: 5_000 });
      }
    });
    const drawer = page.getByRole('dialog', { name: `Appointment ${booked.appointmentNumber}` });
    await watchStep(page, 'open the booking', async () => {
      await page
        .locator('.rbc-event')
        .filter({ hasText: customers[0]?.name as string })
        .click();
      await drawer.waitFor(SLOW);
    });
    const details = await drawer.innerText();
    for (const text of [
      'Pending',
      'In person',
      'See the round',
      'Two of us',
      `Gulf Gems ${prefix}`,
      customers[0]?.name,
    ]) {
      expect(details).toContain(text);
    }
    await drawer.getByText(`${prefix}-1`).waitFor(SLOW);
    // Every time of the booking is on the location's clock, the zone named: none is left unlabelled.
    const requested = drawer.locator('.ant-descriptions-row').filter({ hasText: 'Requested' });
    expect(await requested.innerText()).toMatch(
      /\d{1,2} \w{3} \d{4} \d{2}:\d{2}, Asia\/Dubai \(UTC\+04:00\)/,
    );
    expect(details).toContain(`${CABIN} — ${LOCATION}`);
    const seen = (await rawMailsTo(customers[0]?.email as string)).length;
    await watchStep(page, 'approve it', async () => {
      await drawer.getByRole('button', { name: 'Approve' }).click();
      await toast('The appointment was approved and the customer invited.').waitFor(SLOW);
      await drawer.getByText('Approved', { exact: true }).waitFor(SLOW);
    });
    const approvedBy = drawer.locator('.ant-descriptions-row').filter({ hasText: 'Approved by' });
    expect(await approvedBy.innerText()).toMatch(
      /, \d{1,2} \w{3} \d{4} \d{2}:\d{2}, Asia\/Dubai \(UTC\+04:00\)/,
    );
    await expect
      .poll(async () => (await rawMailsTo(customers[0]?.email as string)).slice(seen).join('\n'), SLOW)
      .toMatch(/invitation\.ics/);
    const invitation = (await rawMailsTo(customers[0]?.email as string)).slice(seen).join('\n');
    expect(invitation).toMatch(/text\/calendar/);

    // What the colours mean is said beside the calendar.
    expect(await page.getByTestId('schedule-legend').innerText()).toMatch(
      /Pending\s+Approved\s+Open hours\s+Closed/,
    );
    // The viewer (the browser's zone, not Dubai's) is told the calendar is on the location's clock.
    expect(await page.getByTestId('schedule-zone').innerText()).toContain(`Times in ${ZONE} (UTC+04:00)`);
    await watchStep(page, 'refuse the second approval', async () => {
      await page.goto(`${panel.url}/hkadmin/schedule?location=${locationId}&date=${day}&open=${rival.id}`);
      const other = page.getByRole('dialog', { name: `Appointment ${rival.appointmentNumber}` });
      await other.waitFor(SLOW);
      await other.getByRole('button', { name: 'Approve' }).click();
      await other
        .locator('.ant-alert-error')
        .filter({ hasText: 'This cabin is already booked at that time.' })
        .waitFor(SLOW);
      expect(await other.innerText()).toContain('Pending');
    });

    const other = page.getByRole('dialog', { name: `Appointment ${rival.appointmentNumber}` });
    await other.getByRole('button', { name: 'Close' }).click();
    await other.waitFor({ state: 'hidden' });

    // Dragged an hour earlier, before the cabin opens: refused, and the booking stays where it was.
    const rivalEvent = page.locator('.rbc-event').filter({ hasText: customers[1]?.name as string });
    const dragBy = async (halfHours: number) => {
      const slotHeight =
        (await page.locator('.rbc-day-slot .rbc-timeslot-group').first().boundingBox())?.height ?? 40;
      const box = await rivalEvent.boundingBox();
      if (!box) throw new Error('the booking is not on the calendar');
      const [x, y] = [box.x + box.width / 2, box.y + Math.min(10, box.height / 2)];
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x, y + 5, { steps: 2 });
      await page.mouse.move(x, y + halfHours * slotHeight, { steps: 8 });
      await page.mouse.up();
    };
    const topOf = async () => (await rivalEvent.boundingBox())?.y ?? 0;
    const before = await topOf();
    await watchStep(page, 'refuse a move before opening time', async () => {
      await dragBy(-2);
      await toast('Choose a start time of one of the cabin’s slots.').waitFor(SLOW);
      await expect.poll(topOf, SLOW).toBeCloseTo(before, 0);
    });
    await watchStep(page, 'move the second booking two hours later', async () => {
      await dragBy(4);
      await toast('The appointment was moved.').waitFor(SLOW);
      await expect.poll(topOf, SLOW).toBeGreaterThan(before + 20);
    });
    const moved = await callEndpoint(
      panel.url,
      APPOINTMENT_ENDPOINTS.paginate,
      { filter: { cabinId } },
      { token },
    );
    // The week shows every cabin's bookings of the week, each named with its cabin.
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await page
      .locator('.rbc-event')
      .filter({ hasText: `${customers[0]?.name} · ${CABIN}` })
      .waitFor(SLOW);
    const rivalNow = moved.list.find((row) => row.id === rival.id);
    expect(new Date(rivalNow?.startsAt as string).getTime() - new Date(startsAt).getTime()).toBe(
      2 * 3_600_000,
    );
  });

  it('lists the bookings with their status in words, filtered from the address', async () => {
    // A laptop's screen: the time and the cabin of a booking show whole beside its number.
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${panel.url}/hkadmin/appointment-list`);
    // A bare list opens on what is coming, soonest first.
    const today = new Date();
    const todayText = [
      today.getFullYear(),
      String(today.getMonth() + 1).padStart(2, '0'),
      String(today.getDate()).padStart(2, '0'),
    ].join('-');
    await expect.poll(() => decodeURIComponent(page.url()), SLOW).toContain(`startsAt=${todayText}~`);
    const approved = page.getByRole('row', { name: new RegExp(customers[0]?.name as string) });
    await approved.waitFor(SLOW);
    const text = await approved.innerText();
    expect(text).toContain('Approved');
    expect(text).toContain('In person');
    expect(text).toContain('Dubai time');
    expect(text).toContain(`${CABIN} — ${LOCATION}`);
    const rowNames = await page.locator('.ant-table-tbody .ant-table-row').allInnerTexts();
    const firstIndex = rowNames.findIndex((row) => row.includes(customers[0]?.name as string));
    const secondIndex = rowNames.findIndex((row) => row.includes(customers[1]?.name as string));
    expect(firstIndex).toBeGreaterThanOrEqual(0);
    expect(firstIndex).toBeLessThan(secondIndex);
    const cabinCell = approved.getByRole('cell', { name: `${CABIN} — ${LOCATION}` });
    const frame = await page.locator('.ant-table-content, .ant-table-body').first().boundingBox();
    const cell = await cabinCell.boundingBox();
    expect(cell && frame && cell.x + cell.width).toBeLessThanOrEqual((frame?.x ?? 0) + (frame?.width ?? 0));
    if (viewport) await page.setViewportSize(viewport);
    await page.goto(`${panel.url}/hkadmin/appointment-list?status=1`);
    await page.getByRole('row', { name: new RegExp(customers[1]?.name as string) }).waitFor(SLOW);
    expect(await page.getByRole('row', { name: new RegExp(customers[0]?.name as string) }).count()).toBe(0);

    // The dashboard's tiles link statuses and a day as `status=1,2&from=…&to=…`.
    await page.goto(`${panel.url}/hkadmin/appointment-list?status=1,2&from=${day}&to=${day}`);
    await expect.poll(() => decodeURIComponent(page.url()), SLOW).toContain(`startsAt=${day}~${day}`);
    for (const customer of customers) {
      await page.getByRole('row', { name: new RegExp(customer.name) }).waitFor(SLOW);
    }

    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    expect((await saved).suggestedFilename()).toMatch(/\.csv$/);

    // A row opens its booking in the schedule, on its day and location.
    const pending = page.getByRole('row', { name: new RegExp(customers[1]?.name as string) });
    await chooseRowAction(page, pending, 'Open in schedule');
    const drawer = page.getByRole('dialog', { name: /^Appointment / });
    await drawer.waitFor(SLOW);
    expect(await drawer.innerText()).toContain('Compare rounds');
    expect(await drawer.innerText()).toContain('Web conference');
    await drawer.getByRole('button', { name: 'Close' }).click();

    // Cancelled from its row, with the reason the customer is told.
    await page.goto(`${panel.url}/hkadmin/appointment-list`);
    await chooseRowAction(page, pending, 'Cancel');
    const dialog = page.getByRole('dialog', { name: `Cancel the appointment of ${customers[1]?.name}?` });
    await dialog.getByLabel('Reason').fill('The cabin is taken.');
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    await toast('The appointment was cancelled.').waitFor(SLOW);
    await expect.poll(() => pending.innerText(), SLOW).toContain('Cancelled');
  });
});
