import { API_DOCS_ENDPOINTS, pathOf } from '@facet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { type RunningPanel, startPanel } from './support/server.ts';

let panel: RunningPanel;
let browser: Browser;
let page: Page;
/** What the browser complained of: console errors, uncaught errors and content the policy refused. */
const complaints: string[] = [];

beforeAll(async () => {
  panel = await startPanel();
  browser = await launchBrowser();
  page = await browser.newPage();
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
}, 120_000);

/**
 * Swagger UI renders only the operations near the viewport (a virtual list), so the page is scrolled to
 * its end, collecting each operation as it appears.
 */
async function operationsShown(page: Page): Promise<string[]> {
  const seen = new Set<string>();
  for (let step = 0; step < 500; step += 1) {
    const visible = await page.$$eval('.opblock', (elements) =>
      elements.map((element) => {
        const method = element.querySelector('.opblock-summary-method')?.textContent ?? '';
        const path = element.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '';
        return `${method.trim().toUpperCase()} ${path}`;
      }),
    );
    for (const operation of visible) seen.add(operation);
    const atEnd = await page.evaluate(async () => {
      const end = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      window.scrollBy(0, window.innerHeight * 0.8);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return end;
    });
    if (atEnd) break;
  }
  return [...seen];
}

afterAll(async () => {
  await browser?.close();
  await panel?.stop();
});

describe('the API reference', () => {
  it('lists every operation of the OpenAPI document, under the Content-Security-Policy', async () => {
    const response = await fetch(`${panel.url}/${pathOf(API_DOCS_ENDPOINTS.document)}`);
    const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();

    await page.setViewportSize({ width: 1280, height: 4000 });
    await page.goto(`${panel.url}/${pathOf(API_DOCS_ENDPOINTS.reference)}`);
    await page.locator('.info .title', { hasText: 'Facet back office API' }).waitFor({ timeout: 60_000 });
    await page.locator('.opblock').first().waitFor({ timeout: 60_000 });
    const shown = await operationsShown(page);
    expect(shown.sort()).toEqual(documented);
    console.log(`API reference: ${shown.length} operations shown of ${documented.length} documented`);

    // A deep link opens an operation, with its access rule and its example body.
    // (From another page: changing only the hash of the open reference does not reach Swagger UI.)
    await page.goto('about:blank');
    await page.goto(
      `${panel.url}/${pathOf(API_DOCS_ENDPOINTS.reference)}#/Sign-in/postAdminAuthSendLoginOtp`,
    );
    const signIn = page.locator('#operations-Sign-in-postAdminAuthSendLoginOtp');
    await expect.poll(() => signIn.textContent(), { timeout: 30_000 }).toContain('Public: no token needed.');
    await expect.poll(() => signIn.textContent()).toContain('Your#Passw0rd');
    expect(complaints).toEqual([]);
  }, 180_000);
});
