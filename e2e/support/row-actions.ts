import type { Locator, Page } from 'playwright-core';

/** Opens a row's "more" menu (everything but Edit) and answers it, while it shows. */
export async function openRowMenu(page: Page, row: Locator, timeout = 30_000): Promise<Locator> {
  const open = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  // A menu still open (another row's, or this one's) would take the click as a close.
  if ((await open.count()) > 0) {
    await page.keyboard.press('Escape');
    await open.first().waitFor({ state: 'hidden' });
  }
  await row.getByRole('button', { name: 'More actions' }).click();
  const menu = open.last();
  await menu.waitFor({ timeout });
  return menu;
}

/**
 * Runs one of a row's actions from its "more" menu: History, Delete, a child list, a feature's own. A
 * list that refreshes while the menu opens or is open (a refetch landing) draws the row anew, and the
 * menu closes or never shows: it is opened again, as a person would.
 */
export async function chooseRowAction(page: Page, row: Locator, action: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const menu = await openRowMenu(page, row, 5_000);
      const item = menu
        .getByRole('menuitem', { name: action, exact: true })
        .or(menu.getByRole('button', { name: action, exact: true }));
      await item.click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}
