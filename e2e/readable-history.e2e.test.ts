import {
  ACCOUNT_DOCUMENT_STATUS,
  ACCOUNT_ENDPOINTS,
  accountResource,
  countryResource,
  MASTER_ENDPOINTS,
  resourceEndpoints,
  stoneResource,
} from '@facet/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../apps/server/test/endpoint-client.ts';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import { watchStep } from './support/page-watch.ts';
import type { RunningPanel } from './support/server.ts';
import { sessionToken } from './support/stones.ts';

/**
 * A history people can read aloud: a stone's and a company's trail name countries, shapes and users,
 * say "Stone of the day" and "Company created", and show the panel's dates, never an id or an ISO time.
 */
let session: AdminSession;
let panel: RunningPanel;
let page: Page;

const unique = Date.now().toString(36).toUpperCase();
const stockNumber = `RH${unique}`;
const company = { name: `Readable Gems ${unique}`, code: `RG${unique}` };
let companyId = '';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-/i;
const ISO_TIME = /\d{4}-\d{2}-\d{2}T/;
const PANEL_DATE = /\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}/;

/** What a person sees of a trail: every row's text. */
async function readTrail(trail: Locator): Promise<string> {
  await trail.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  return (await trail.locator('.ant-table-tbody').innerText()).replace(/\s+/g, ' ');
}

beforeAll(async () => {
  session = await openAsAdmin();
  ({ panel, page } = session);
  const token = await sessionToken(page);
  const masters = await callEndpoint(panel.url, MASTER_ENDPOINTS.listByCode, { code: ['SHAPE'] }, { token });
  const shape = (name: string) => masters.SHAPE?.find((row) => row.name === name)?.id;
  const stones = resourceEndpoints(stoneResource);
  const companies = resourceEndpoints(accountResource);
  if (!stones.create || !stones.update || !companies.create || !companies.update)
    throw new Error('stones and companies are written through their generic endpoints');
  const stone = await callEndpoint(
    panel.url,
    stones.create,
    { stockNumber, status: 'A', carat: 1.01, shapeId: shape('Round') },
    { token },
  );
  await callEndpoint(
    panel.url,
    stones.update,
    { status: 'D', shapeId: shape('Pear') },
    { token, params: { id: String(stone.id) } },
  );

  const countries = await callEndpoint(
    panel.url,
    resourceEndpoints(countryResource).paginate,
    { search: 'Belgium' },
    { token },
  );
  const belgium = countries.list.find((row) => row.name === 'Belgium');
  companyId = String(
    (await callEndpoint(panel.url, companies.create, { ...company, countryId: belgium?.id }, { token })).id,
  );
  await callEndpoint(
    panel.url,
    companies.update,
    { creditLimit: 250000 },
    { token, params: { id: companyId } },
  );
  const passport = await callEndpoint(
    panel.url,
    ACCOUNT_ENDPOINTS.createDocument,
    { documentType: 'Passport', fileUrl: 'https://example.com/kyc/passport.pdf' },
    { token, params: { id: companyId } },
  );
  await callEndpoint(
    panel.url,
    ACCOUNT_ENDPOINTS.reviewDocument,
    { status: ACCOUNT_DOCUMENT_STATUS.REJECTED, reason: 'Expired' },
    { token, params: { id: passport.id } },
  );
});

afterAll(async () => {
  await session?.close();
});

describe('history people can read, in Chromium', () => {
  it("reads a stone's history with its shapes and status in words", async () => {
    await page.goto(`${panel.url}/hkadmin/stock`);
    await page.getByLabel('Stock or report numbers').fill(stockNumber);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: stockNumber, exact: true }).click();
    await page
      .getByRole('dialog', { name: `Stone ${stockNumber}` })
      .getByRole('button', { name: 'History' })
      .click();
    const history = page.getByRole('dialog', { name: `History — ${stockNumber}` });
    const text = await watchStep(page, 'reading the stone history', () => readTrail(history));

    expect(text).toContain('Stone created');
    expect(text).toContain('Stone updated');
    expect(text).toContain('Status: Available → Stone of the day');
    expect(text).toContain('Shape: Round → Pear');
    expect(text).toMatch(PANEL_DATE);
    expect(text).not.toMatch(UUID);
    expect(text).not.toMatch(ISO_TIME);
    // A create is one line, not one per field.
    expect(await history.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
    const created = history.getByRole('row', { name: /Stone created/ });
    expect(await created.innerText()).toContain(`${stockNumber} — Status: Available, Shape: Round`);
    expect(await created.innerText()).not.toContain('→');
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });
  });

  it("reads a company's History: created in its country, a KYC document rejected with the reason", async () => {
    await page.goto(`${panel.url}/hkadmin/account-details/${companyId}`);
    await page.getByRole('tab', { name: 'History', exact: true }).click();
    const activity = page.getByRole('tabpanel', { name: 'History', exact: true });
    const text = await watchStep(page, 'reading the History tab', () => readTrail(activity));

    expect(text).toContain('Company created');
    expect(text).toContain(company.name);
    expect(text).toContain('Country: Belgium');
    expect(text).toContain('Company updated');
    expect(text).toContain('Credit limit: — → USD 250,000.00');
    expect(text).toContain('KYC document uploaded');
    expect(text).toContain('KYC document rejected');
    expect(text).toContain('Status: Pending → Rejected');
    expect(text).toContain('Rejection reason: — → Expired');
    expect(text).toMatch(PANEL_DATE);
    expect(text).not.toMatch(UUID);
    expect(text).not.toMatch(ISO_TIME);
  });
});
