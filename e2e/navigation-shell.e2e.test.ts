import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, openAsAdmin } from './support/admin-session.ts';
import { watchStep } from './support/page-watch.ts';
import type { RunningPanel } from './support/server.ts';

/**
 * The frame as a super admin meets it: a menu with icons that leads only to built screens, breadcrumbs,
 * the dashboard's work queue, the not-found page, and a logout after which nothing is asked with the
 * old token. The limited user's side (no access, no figures without Login) is in access-control.e2e.test.ts.
 */
let session: AdminSession;
let panel: RunningPanel;
let page: Page;

// The server's first start and the admin's first sign-in, on a busy machine.
beforeAll(async () => {
  session = await openAsAdmin();
  ({ panel, page } = session);
}, 300_000);

afterAll(async () => {
  await session?.close();
});

const sidebar = () => page.getByTestId('sidebar');

/** Opens every group of the sidebar, one after the other (an inline menu animates each). */
async function openAllGroups(): Promise<void> {
  const titles = sidebar().locator('.ant-menu-submenu-title');
  for (let index = 0; index < (await titles.count()); index += 1) {
    const title = titles.nth(index);
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="sidebar"] [class*="ant-motion-collapse"]'),
    );
  }
}

describe('navigation and the shell, in Chromium', () => {
  it('shows an icon on every group and the screens the old panel kept out of the menu', async () => {
    await page.goto(`${panel.url}/hkadmin/dashboard`);
    const groups = sidebar().locator('.ant-menu-submenu-title');
    await groups.first().waitFor();
    expect(await groups.count()).toBeGreaterThan(5);
    for (const title of await groups.all())
      await expect.poll(() => title.locator('.menu-icon svg').count()).toBe(1);
    await openAllGroups();
    for (const entry of ['Role master', 'Permissions', 'Send notification', 'News and events', 'Platform'])
      await sidebar().getByRole('link', { name: entry, exact: true }).waitFor();
  });

  it('leads from every menu entry to a finished screen', { timeout: 600_000 }, async () => {
    await openAllGroups();
    const paths = await sidebar()
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(paths.length).toBeGreaterThan(30);
    for (const path of paths) {
      await watchStep(page, `opening ${path}`, async () => {
        await page.goto(`${panel.url}${path}`);
        const content = page.locator('.panel-content');
        // The screen is in once the frame's skeleton has gone and the screen shows its title.
        await content.locator('h1, h2, h3, h4, .ant-card-head-title, .ant-table').first().waitFor();
        await expect.poll(() => content.locator('.ant-skeleton').count()).toBe(0);
        expect((await content.textContent()) ?? '', path).not.toMatch(
          /arrives with|Page not found|No access to/,
        );
      });
    }
  });

  it('places a screen with breadcrumbs, the list linked above its record', async () => {
    await page.goto(`${panel.url}/hkadmin/banner/upsert`);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByText('Marketing', { exact: true }).waitFor();
    await crumbs.getByRole('link', { name: 'Banner', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/hkadmin/banner');
    await expect.poll(() => crumbs.textContent()).toBe('Marketing›Banner');
  });

  it('fills the dashboard with a work queue of counts, each opening its list', async () => {
    await page.goto(`${panel.url}/hkadmin/dashboard`);
    const queue = page.getByRole('region', { name: 'Work queue' });
    for (const title of [
      'New arrivals',
      'Companies to approve',
      'New contacts',
      'New suggestions',
      'Banners ending this week',
      'Offers to answer',
      'Enquiries to answer',
    ]) {
      const tile = queue.getByRole('link').filter({ hasText: title });
      await expect
        .poll(() => tile.locator('.work-tile-count').textContent(), { timeout: 30_000 })
        .toMatch(/^\d[\d,]*$/);
    }
    expect(await page.getByText('arrives with').count()).toBe(0);
    await queue.getByRole('link').filter({ hasText: 'New contacts' }).click();
    await page.waitForURL((url) => url.pathname === '/hkadmin/contact' && url.search === '?isResolved=false');
  });

  it('shows the branded not-found page, in the frame, for an unknown address and an unbuilt screen', async () => {
    for (const path of ['/hkadmin/no-such-screen', '/hkadmin/gridcolumn']) {
      await page.goto(`${panel.url}${path}`);
      await page.getByText('Page not found', { exact: true }).waitFor();
      await page.getByText('Oops, an error has occurred. Page not found!', { exact: true }).waitFor();
      await page.locator('.not-found-brand').getByText('Facet').waitFor();
      // Inside the frame: the menu stays.
      await sidebar().getByText('Dashboard', { exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Back to dashboard' }).click();
    await page.waitForURL('**/hkadmin/dashboard');
  });

  it('folds the sidebar to its icons for a wider list, opens a group from an icon, and keeps the choice', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${panel.url}/hkadmin/banner`);
    const table = page.locator('.panel-content .ant-table').first();
    await table.waitFor();
    const tableWidth = async () => (await table.boundingBox())?.width ?? 0;
    // The table is laid out once it has a width (it can be attached a moment before).
    await expect.poll(tableWidth).toBeGreaterThan(300);
    const wide = await tableWidth();
    await page.getByRole('button', { name: 'Fold the menu' }).click();
    // The sidebar gives the list its width (the fold animates).
    await expect.poll(tableWidth).toBeGreaterThan(wide + 150);
    // Its icons stay, its labels go (once the fold has ended: the list may widen before it does).
    await expect
      .poll(async () => (await sidebar().boundingBox())?.width ?? Number.POSITIVE_INFINITY)
      .toBeLessThan(80);

    await page.reload();
    await page.getByRole('button', { name: 'Show the menu' }).waitFor();
    // A group's icon opens its entries beside it.
    await sidebar()
      .locator('.ant-menu-submenu-title')
      .filter({ has: page.locator('.menu-icon') })
      .nth(1)
      .hover();
    await page.locator('.ant-menu-submenu-popup').getByRole('link').first().waitFor();

    await page.getByRole('button', { name: 'Show the menu' }).click();
    await sidebar().getByText('Dashboard', { exact: true }).waitFor();
    await expect.poll(tableWidth).toBeLessThan(wide + 10);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('asks nothing with the old token once logout has removed it', async () => {
    await page.goto(`${panel.url}/hkadmin/banner`);
    await page.locator('.ant-table').first().waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    // The moment the token leaves the browser's storage, as the page's own clock and the test's agree.
    await page.evaluate(() => {
      const remove = Storage.prototype.removeItem;
      Storage.prototype.removeItem = function (key: string) {
        if (key === 'token') (window as unknown as { tokenRemovedAt: number }).tokenRemovedAt = Date.now();
        return remove.call(this, key);
      };
    });
    const requests: { at: number; url: string; auth: string | undefined }[] = [];
    const record = (request: Request) =>
      requests.push({ at: Date.now(), url: request.url(), auth: request.headers().authorization });
    page.on('request', record);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/hkadmin/signin', { timeout: 10_000 });
    // Long enough for a poll or a refetch that would still fire to show.
    await page.waitForTimeout(2_500);
    page.off('request', record);

    const removedAt = await page.evaluate(
      () => (window as unknown as { tokenRemovedAt?: number }).tokenRemovedAt,
    );
    expect(removedAt).toBeDefined();
    const late = requests.filter((request) => request.at >= (removedAt ?? 0));
    expect(late.filter((request) => request.auth === `JWT ${token}`)).toEqual([]);
    expect(late.filter((request) => /\/apis\/|\/admin\//.test(request.url))).toEqual([]);
    // The logout itself went out while the token was still there.
    expect(
      requests.some((request) => request.url.includes('logout') && request.auth === `JWT ${token}`),
    ).toBe(true);
  });
});
