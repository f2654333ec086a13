import { UPLOAD_MESSAGES } from '@facet/contract';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSessionOfFile } from './support/admin-session.ts';
import { openAddDocumentOfNewCompany } from './support/company-documents.ts';
import { searchList } from './support/list-search.ts';
import { chooseOption } from './support/select.ts';
import type { RunningPanel } from './support/server.ts';

const session = adminSessionOfFile();
let panel: RunningPanel;
let page: Page;
beforeAll(() => ({ panel, page } = session));

/** A valid 1×1 PNG, built here so the test carries its own file. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The form item of an upload field, by its label. */
function uploadField(drawer: Locator, label: string): Locator {
  return drawer.locator('.ant-form-item').filter({ has: page.getByText(label, { exact: true }) });
}

describe('the upload widget, as a user meets it in a banner form in Chromium', () => {
  it('uploads a real image, previews it, saves it, and serves it back; refuses a fake one', async () => {
    const name = `Spring collection ${Date.now().toString(36)}`;
    await page.goto(`${panel.url}/hkadmin/banner`);
    await page.getByRole('button', { name: 'Add Banner' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Name', { exact: true }).fill(name);
    await chooseOption(page, drawer.getByLabel('Type', { exact: true }));

    const desktop = uploadField(drawer, 'Desktop image');
    await desktop
      .locator('input[type="file"]')
      .setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    const preview = desktop.getByRole('img', { name: 'pixel.png' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^\/files\/[0-9a-f-]{36}\/pixel\.png$/);

    // Text dressed up as a PNG: the server reads the bytes and refuses, and the field says why.
    const mobile = uploadField(drawer, 'Mobile image');
    await mobile.locator('input[type="file"]').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('just some text, no image'),
    });
    await mobile
      .getByRole('alert')
      .filter({ hasText: UPLOAD_MESSAGES.wrongType('image') })
      .waitFor();
    expect(await mobile.locator('img').count()).toBe(0);

    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });

    // Reopened, the saved image is there and the server serves it as a PNG.
    await searchList(page, name);
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button', { name: 'Edit' })
      .click();
    const reopened = uploadField(page.getByRole('dialog'), 'Desktop image').getByRole('img', {
      name: 'pixel.png',
    });
    await reopened.waitFor();
    const src = (await reopened.getAttribute('src')) ?? '';
    const served = await fetch(`${panel.url}${src}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PIXEL_PNG);
    // The browser loaded it too: a broken image has no natural width.
    await expect.poll(() => reopened.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  });
});

/** A one-page PDF, enough for the server's content check. */
const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe("a company's KYC document, private, in Chromium", () => {
  it('uploads the scan, lists it, and opens it through a signed link; its address alone shows nothing', async () => {
    const unique = Date.now().toString(36).toUpperCase();
    const company = `Private Gems ${unique}`;
    const modal = await openAddDocumentOfNewCompany(page, panel.url, { name: company, code: `PG${unique}` });
    await modal.getByLabel('Document type', { exact: true }).fill('Passport');
    const uploaded = page.waitForResponse((response) => response.url().endsWith('/apis/upload'));
    await modal
      .locator('input[type="file"]')
      .setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    const answer = (await (await uploaded).json()) as { data: { url: string } };
    expect(answer.data.url).toMatch(/^\/files\/private\/[0-9a-f-]{36}\/passport\.pdf$/);
    await modal.getByText('passport.pdf').waitFor();
    await modal.getByRole('button', { name: 'Add' }).click();
    await modal.waitFor({ state: 'hidden' });

    // Without a session or a signature the document's address answers 401.
    expect((await fetch(`${panel.url}${answer.data.url}`)).status).toBe(401);

    const open = page.getByRole('row', { name: /Passport/ }).getByRole('link', { name: 'Open' });
    await open.waitFor();
    const link = (await open.getAttribute('href')) ?? '';
    expect(link).toMatch(/^\/files\/private\/[0-9a-f-]{36}\/passport\.pdf\?expires=\d+&signature=/);
    // Headless Chromium may hand a PDF to its download manager: the answer is what counts.
    const served = page
      .context()
      .waitForEvent('response', (response) => response.url().includes('/files/private/'));
    const opened = page.context().waitForEvent('page');
    await open.click();
    const tab = await opened;
    const response = await served;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['cache-control']).toBe('private, no-store');
    await tab.close();
  });
});
