import type { ConsoleMessage, Page, Request } from 'playwright-core';

/**
 * Opens a screen as a person does: the group in the sidebar (unless it is open already), then its
 * entry, and waits until the address is the screen's. A click that did not navigate fails with what
 * the page showed and asked for since, so a loaded machine is told apart from a broken menu.
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
  const seen: string[] = [];
  const note = (line: string) => seen.push(line.slice(0, 300));
  const onConsole = (message: ConsoleMessage) => note(`console.${message.type()}: ${message.text()}`);
  const onError = (error: Error) => note(`page error: ${error.message}`);
  const onRequest = (request: Request) => note(`${request.method()} ${request.url()}`);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  page.on('request', onRequest);
  try {
    await entry.click();
    await page.waitForURL(arrived);
  } catch (error) {
    const dialogs = await page.getByRole('dialog').allInnerTexts();
    const loading = await page.locator('#nprogress').count();
    throw new Error(
      `${group} › ${leaf} did not open /hkadmin/${path}: at ${page.url()}, navigation bar ${loading ? 'showing' : 'gone'}` +
        (dialogs.length ? `, dialogs ${JSON.stringify(dialogs)}` : '') +
        `; since the click: ${JSON.stringify(seen)}`,
      { cause: error },
    );
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onError);
    page.off('request', onRequest);
  }
}
