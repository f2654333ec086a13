import type { Page } from 'playwright-core';
import { watchStep } from './page-watch.ts';

/**
 * Opens a screen as a person does: the group in the sidebar (unless it is open already), then its
 * entry, and waits until the address is the screen's. A click that did not navigate fails with what
 * the page showed and asked for since (see watchStep).
 */
export async function openFromSidebar(page: Page, group: string, leaf: string, path: string): Promise<void> {
  const sidebar = page.getByTestId('sidebar');
  const title = sidebar
    .locator('.ant-menu-submenu-title')
    .filter({ has: page.getByText(group, { exact: true }) });
  if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  // An entry below the fold is scrolled to inside the sidebar; scrolled to while its group still opens,
  // the sidebar lands back at the top and the click meets the wrong spot (a lost click in 3 of 6 tries).
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="sidebar"] [class*="ant-motion-collapse"]'),
  );
  const entry = sidebar.getByRole('link', { name: leaf, exact: true });
  const arrived = (url: URL) => url.pathname === `/hkadmin/${path}`;
  await watchStep(page, `${group} › ${leaf} opening /hkadmin/${path}`, async () => {
    await entry.click();
    await page.waitForURL(arrived);
  });
}
