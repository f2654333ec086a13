import { ACCOUNT_ENDPOINTS, pathOf, STORAGE_KEYS, UPLOAD_ENDPOINTS } from '@facet/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestEndpoint } from '../apps/server/test/endpoint-client.ts';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import { chooseRowAction } from './support/row-actions.ts';
import type { RunningPanel } from './support/server.ts';
import { openFromSidebar } from './support/sidebar.ts';

let session: AdminSession;
let panel: RunningPanel;
let page: Page;
/** What the browser complained of: console errors, uncaught errors and refused content. */
const complaints: string[] = [];

const unique = Date.now().toString(36).slice(-5).toUpperCase();
const COMPANY = `Policy House ${unique}`;
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function token(): Promise<string> {
  return (await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)) ?? '';
}

/** A KYC document on the company, uploaded and added through the API as the panel does. */
async function addDocument(companyId: string): Promise<void> {
  const authorization = `JWT ${await token()}`;
  const form = new FormData();
  form.append('kind', 'pdf');
  form.append('model', 'account');
  form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'passport.pdf');
  const uploaded = await fetch(`${panel.url}/${pathOf(UPLOAD_ENDPOINTS.upload)}`, {
    method: 'POST',
    body: form,
    headers: { authorization },
  });
  const file = ((await uploaded.json()) as { data: { id: string; url: string } }).data;
  expect(uploaded.status).toBe(200);
  const created = await requestEndpoint(
    panel.url,
    ACCOUNT_ENDPOINTS.createDocument,
    { documentType: 'Passport', fileUrl: file.url, fileId: file.id },
    { token: await token(), params: { id: companyId } },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
}

beforeAll(async () => {
  session = await openAsAdmin();
  ({ panel, page } = session);
  // Listened to from here on: the sign-in screens' expected refusals (a 401 before signing in) are over.
  page.on('console', (message) => {
    if (message.type() === 'error') complaints.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => complaints.push(`page error: ${error.message}`));
  await page.exposeFunction('reportPolicyViolation', (line: string) => complaints.push(`refused: ${line}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation(line: string): void })
        .reportPolicyViolation;
      report(`${event.effectiveDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
});

afterAll(async () => {
  await session?.close();
});

describe('the panel under its Content-Security-Policy, in Chromium', () => {
  it('is served with the strict policy and may not be framed', async () => {
    const response = await page.goto(`${panel.url}/hkadmin/dashboard`);
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    await page.getByTestId('sidebar').waitFor();
    await page.waitForLoadState('networkidle');
    expect(complaints).toEqual([]);
  });

  it('shows the stock screen and its search filters without a refusal', async () => {
    await openFromSidebar(page, 'Masters', 'Stock', 'stock');
    await page
      .getByRole('group', { name: 'Shape', exact: true })
      .getByRole('button', { name: 'Round', exact: true })
      .waitFor();
    await page.waitForLoadState('networkidle');
    expect(complaints).toEqual([]);
  });

  it('lists companies, fills the company form and opens a company with its documents', async () => {
    await page.goto(`${panel.url}/hkadmin/account`);
    await page.getByRole('button', { name: 'Add Company' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Name', { exact: true }).fill(COMPANY);
    await drawer.getByLabel('Code', { exact: true }).fill(`PH${unique}`);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: new RegExp(COMPANY) });
    await chooseRowAction(page, row, 'Details');
    await page.waitForURL('**/hkadmin/account-details/*');
    const companyId = page.url().split('/').pop() ?? '';
    await addDocument(companyId);
    await page.reload();
    await page.getByRole('tab', { name: 'Documents (1)' }).click();
    await page.getByRole('cell', { name: 'Passport', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(complaints).toEqual([]);
  });

  it('opens the user list and its form drawer, then the dashboard again', async () => {
    await page.goto(`${panel.url}/hkadmin/user`);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: 'Add User' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.goto(`${panel.url}/hkadmin/dashboard`);
    await page.getByTestId('sidebar').waitFor();
    await page.waitForLoadState('networkidle');
    expect(complaints).toEqual([]);
  });
});
