import type { Page } from 'playwright-core';

/**
 * Searches a list and waits for its answer to be on screen. A row found before then is the previous
 * answer's, and while the list refreshes its spinner covers the rows and takes the clicks meant for them.
 */
export async function searchList(page: Page, text: string, placeholder = 'Search'): Promise<void> {
  const box = page.getByPlaceholder(placeholder);
  await box.fill(text);
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname.endsWith('/paginate') &&
      (response.request().postData() ?? '').includes(`"search":${JSON.stringify(text.trim())}`),
  );
  await box.press('Enter');
  await answered;
  await page.waitForFunction(() => !document.querySelector('.ant-table-wrapper .ant-spin-spinning'));
}
