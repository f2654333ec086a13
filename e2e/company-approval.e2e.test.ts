import {
  ACCOUNT_DOCUMENT_STATUS,
  ACCOUNT_ENDPOINTS,
  accountResource,
  resourceEndpoints,
  STORAGE_KEYS,
} from '@facet/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../apps/server/test/endpoint-client.ts';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import { searchList } from './support/list-search.ts';
import type { RunningPanel } from './support/server.ts';

/**
 * A company is approved from its details page only, behind a confirmation that names the KYC documents
 * still pending or rejected; its list shows the approval without a switch to flip it.
 */
let session: AdminSession;
let panel: RunningPanel;
let page: Page;

const unique = Date.now().toString(36).toUpperCase();
const company = { name: `Acme Diamonds ${unique}`, code: `AD${unique}` };
let companyId = '';

beforeAll(async () => {
  session = await openAsAdmin();
  ({ panel, page } = session);
  const token = (await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)) ?? '';
  const create = resourceEndpoints(accountResource).create;
  if (!create) throw new Error('companies are created through their generic endpoint');
  companyId = String((await callEndpoint(panel.url, create, company, { token })).id);
  const addDocument = (documentType: string) =>
    callEndpoint(
      panel.url,
      ACCOUNT_ENDPOINTS.createDocument,
      { documentType, fileUrl: `https://example.com/kyc/${documentType.replace(/ /g, '-')}.pdf` },
      { token, params: { id: companyId } },
    );
  await addDocument('Passport');
  const licence = await addDocument('Trade licence');
  const bankLetter = await addDocument('Bank letter');
  await callEndpoint(
    panel.url,
    ACCOUNT_ENDPOINTS.reviewDocument,
    { status: ACCOUNT_DOCUMENT_STATUS.REJECTED, reason: 'Expired' },
    { token, params: { id: licence.id } },
  );
  await callEndpoint(
    panel.url,
    ACCOUNT_ENDPOINTS.reviewDocument,
    { status: ACCOUNT_DOCUMENT_STATUS.APPROVED },
    { token, params: { id: bankLetter.id } },
  );
});

afterAll(async () => {
  await session?.close();
});

describe("a company's approval, in Chromium", () => {
  it('offers no approval switch on the list', async () => {
    await page.goto(`${panel.url}/hkadmin/account`);
    await searchList(page, company.name);
    const row = page.getByRole('row', { name: new RegExp(company.name) });
    await row.waitFor();
    expect(await row.getByRole('switch', { name: `Approved of ${company.name}` }).count()).toBe(0);
    // The switches that stay are the ones without a confirmation (Active, Verified).
    await row.getByRole('switch', { name: `Active of ${company.name}` }).waitFor();
  });

  it('approves from the details page after a confirmation naming the pending and rejected documents', async () => {
    await page.goto(`${panel.url}/hkadmin/account-details/${companyId}`);
    await page.getByText('Not approved', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: `Approve ${company.name}?` });
    await dialog.waitFor();
    await dialog.getByText('2 KYC documents are not approved:').waitFor();
    const listed = dialog.getByRole('list', { name: 'KYC documents not approved' }).getByRole('listitem');
    expect(await listed.allInnerTexts()).toEqual([
      'Passport — pending review',
      'Trade licence — rejected: Expired',
    ]);

    // Cancel leaves the company as it was.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Not approved', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`Company '${company.name}' approved.`).first().waitFor();
    await page.getByText(/^Approved by /).waitFor();
    await page.getByRole('button', { name: 'Revoke approval' }).waitFor();
  });
});
