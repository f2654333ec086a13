import { loginReport, loginSummaryReport } from '@facet/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import { openReport, reportFiles, reportOf, utcDay } from './support/report-screen.ts';
import type { RunningPanel } from './support/server.ts';

/**
 * The login reports as a manager reads them: over a period typed into the picker, the admin's own
 * sign-in is counted at once (no roll-up has run for today), by device and in the day's summary, with a
 * chart, and in the XLSX and PDF files; each event is one click away.
 */
let session: AdminSession;
let panel: RunningPanel;
let page: Page;

const SLOW = { timeout: 15_000 };
const PERIOD = { from: utcDay(6), to: utcDay(0) };

beforeAll(async () => {
  session = await openAsAdmin();
  ({ panel, page } = session);
});

afterAll(async () => {
  await session?.close();
});

describe('the login reports, in Chromium', () => {
  it('counts the sign-in by device over the period, in its files, and opens the events', async () => {
    await openReport(page, panel.url, reportOf(loginReport), PERIOD, '?by=device');
    // The panel's sign-in came from this Chromium, or from the harness's client when it signs in by API.
    await page
      .getByRole('cell', { name: /^(Chrome|Other)/ })
      .first()
      .waitFor(SLOW);
    // The rows' column is named by what they are counted by.
    await page.getByRole('columnheader', { name: 'Device' }).waitFor();

    const { rows, printed } = await reportFiles(page, reportOf(loginReport));
    expect(
      rows.some(([device, signIns]) => /^(Chrome|Other)/.test(device ?? '') && Number(signIns) >= 1),
    ).toBe(true);
    expect(printed).toContain('Sign-ins');

    await page.getByRole('link', { name: 'See each sign-in event' }).click();
    await page.getByRole('heading', { name: 'Sign-in events' }).waitFor(SLOW);
    await page.getByRole('cell', { name: 'Signed in', exact: true }).first().waitFor(SLOW);
  });

  it("lists the admin's day in the login summary, over the period, and in its files", async () => {
    await openReport(page, panel.url, reportOf(loginSummaryReport), PERIOD);
    await page.getByRole('cell', { name: 'Super Admin', exact: true }).first().waitFor(SLOW);

    const { rows } = await reportFiles(page, reportOf(loginSummaryReport));
    expect(rows.some(([, user, signIns]) => user === 'Super Admin' && Number(signIns) >= 1)).toBe(true);
  });
});
