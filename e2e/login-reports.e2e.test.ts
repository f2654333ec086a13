import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import type { RunningPanel } from './support/server.ts';

/**
 * The login reports as a manager reads them: the admin's own sign-in is counted at once, by user and by
 * device, in the day's summary, and each event is one click away.
 */
let session: AdminSession;
let panel: RunningPanel;
let page: Page;

const SLOW = { timeout: 15_000 };

beforeAll(async () => {
  session = await openAsAdmin();
  ({ panel, page } = session);
});

afterAll(async () => {
  await session?.close();
});

describe('the login reports, in Chromium', () => {
  it('counts the sign-in by user and by device, and opens the events', async () => {
    await page.goto(`${panel.url}/hkadmin/report`);
    await page.getByRole('heading', { name: 'Login report' }).waitFor(SLOW);
    await page.getByRole('img', { name: 'Sign-ins and failures by day chart' }).waitFor(SLOW);
    // The row of the signed-in admin, read from the log: no roll-up has run for today.
    await page.getByRole('columnheader', { name: 'Sign-ins' }).waitFor(SLOW);
    await page.getByRole('row').nth(1).waitFor(SLOW);

    await page.goto(`${panel.url}/hkadmin/report?by=device`);
    // The panel's sign-in came from this Chromium, or from the harness's client when it signs in by API.
    await page
      .getByRole('cell', { name: /^(Chrome|Other)/ })
      .first()
      .waitFor(SLOW);
    await page.screenshot({ path: '/tmp/h-login/by-device.png' });

    await page.getByRole('link', { name: 'See each sign-in event' }).click();
    await page.getByRole('heading', { name: 'Sign-in events' }).waitFor(SLOW);
    await page.getByRole('cell', { name: 'Signed in', exact: true }).first().waitFor(SLOW);

    await page.goto(`${panel.url}/hkadmin/login-summary`);
    await page.getByRole('heading', { name: 'Login summary' }).waitFor(SLOW);
    await page.getByRole('columnheader', { name: 'First sign-in' }).waitFor(SLOW);
    await page.getByRole('row').nth(1).waitFor(SLOW);
  });
});
