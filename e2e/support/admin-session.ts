import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { Mailbox } from './mailbox.ts';
import { firstSignIn, freshPage } from './panel-session.ts';
import { type RunningPanel, startPanel } from './server.ts';

export interface AdminSession {
  panel: RunningPanel;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/**
 * A fresh installation with the super admin past the forced password change, on the dashboard; `env`
 * adds settings to the server's environment (SYNC_SOURCE_URL).
 */
export async function openAsAdmin(env: Record<string, string> = {}): Promise<AdminSession> {
  const panel = await startPanel(env);
  const browser = await launchBrowser();
  const page = await freshPage(browser);
  await firstSignIn(page, panel, new Mailbox(`${panel.dataDir}/mail`), {
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
