import type { ConsoleMessage, Page, Request, Response } from 'playwright-core';

/**
 * Runs one step of a person's work and, when it fails, says what the page showed and what it asked the
 * server for meanwhile, so a loaded machine is told apart from a broken screen.
 */
export async function watchStep<T>(page: Page, step: string, action: () => Promise<T>): Promise<T> {
  const seen: string[] = [];
  const note = (line: string) => seen.push(line.slice(0, 300));
  const onConsole = (message: ConsoleMessage) => note(`console.${message.type()}: ${message.text()}`);
  const onError = (error: Error) => note(`page error: ${error.message}`);
  const onRequest = (request: Request) => note(`${request.method()} ${new URL(request.url()).pathname}`);
  const onResponse = (response: Response) => note(`${response.status()} ${new URL(response.url()).pathname}`);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  page.on('request', onRequest);
  page.on('response', onResponse);
  try {
    return await action();
  } catch (error) {
    const dialogs = await page.getByRole('dialog').allInnerTexts();
    const fieldErrors = await page.locator('.ant-form-item-explain-error').allInnerTexts();
    const messages = await page.locator('.ant-message, .ant-notification').allInnerTexts();
    const loading = await page.locator('#nprogress').count();
    throw new Error(
      `${step} failed at ${page.url()}, navigation bar ${loading ? 'showing' : 'gone'}` +
        (dialogs.length ? `; dialogs ${JSON.stringify(dialogs)}` : '') +
        (fieldErrors.length ? `; field errors ${JSON.stringify(fieldErrors)}` : '') +
        (messages.join('').trim() ? `; messages ${JSON.stringify(messages)}` : '') +
        `; meanwhile: ${JSON.stringify(seen)}`,
      { cause: error },
    );
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onError);
    page.off('request', onRequest);
    page.off('response', onResponse);
  }
}
