import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { Mailbox } from './mailbox.ts';
import { firstSignInThroughApi, freshPage } from './panel-session.ts';
import { type RunningPanel, startPanel } from './server.ts';

export interface AdminSession {
  panel: RunningPanel;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/**
 * A fresh installation with the super admin past the forced password change, on the dashboard; `env`
 * adds settings to the server's environment (SYNC_SOURCE_URL), `prepare` writes data before it starts.
 */
export async function openAsAdmin(
  env: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
): Promise<AdminSession> {
  const panel = await startPanel(env, prepare);
  const browser = await launchBrowser();
  const page = await freshPage(browser);
  await firstSignInThroughApi(page, panel, new Mailbox(`${panel.dataDir}/mail`), {
    username: 'admin',
    password: await panel.initialAdminPassword(),
    newPassword: 'admin-own-password',
  });
  return {
    panel,
    browser,
    page,
    close: async () => {
      await browser.close();
      await panel.stop();
    },
  };
}

/**
 * The admin session of one test file: opened before its tests run and closed after them. Its parts are
 * read inside the tests (or a later `beforeAll`), once it has opened.
 */
export function adminSessionOfFile(
  env: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
): AdminSession {
  const session = {} as AdminSession;
  beforeAll(async () => {
    Object.assign(session, await openAsAdmin(env, prepare));
  });
  afterAll(async () => {
    await session.close?.();
  });
  return session;
}
