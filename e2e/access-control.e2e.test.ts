import { USER_ENDPOINTS } from '@facet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestEndpoint } from '../apps/server/test/endpoint-client.ts';
import { launchBrowser } from './support/browser.ts';
import { Mailbox } from './support/mailbox.ts';
import { firstSignIn, freshPage, sidebarEntries } from './support/panel-session.ts';
import { chooseRowAction } from './support/row-actions.ts';
import { chooseOption } from './support/select.ts';
import { type RunningPanel, startPanel } from './support/server.ts';
import { openFromSidebar } from './support/sidebar.ts';

let panel: RunningPanel;
let browser: Browser;
let mailbox: Mailbox;

beforeAll(async () => {
  panel = await startPanel();
  mailbox = new Mailbox(`${panel.dataDir}/mail`);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await panel?.stop();
});

const employee = {
  name: 'Beryl Banner',
  username: 'beryl',
  email: 'beryl@example.com',
  password: 'first-password-1',
  newPassword: 'beryl-own-password',
};

/** On a user's matrix a module follows the role until its override is switched on. */
async function setUserOverride(page: Page, module: string, action: string, checked: boolean): Promise<void> {
  const override = page.getByRole('switch', { name: `${module} override`, exact: true });
  if ((await override.getAttribute('aria-checked')) !== 'true') await override.click();
  const box = page.getByRole('checkbox', { name: `${module} ${action}`, exact: true });
  if ((await box.isChecked()) !== checked) await box.click();
}

async function saveMatrix(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Permissions saved.').first().waitFor();
}

describe('access control, as staff would use it in Chromium', () => {
  it('lets an admin grant Banner view, and the server and the panel hold the employee to it', async () => {
    const admin = await freshPage(browser);
    await firstSignIn(admin, panel, mailbox, {
      username: 'admin',
      password: await panel.initialAdminPassword(),
      newPassword: 'admin-own-password',
    });

    // The super admin creates the employee.
    await admin.goto(`${panel.url}/hkadmin/user`);
    await admin.getByRole('button', { name: 'Add User' }).click();
    const drawer = admin.getByRole('dialog');
    // No type is preselected, least of all Super admin: the Type select shows its placeholder, and a
    // Save before choosing one asks for it.
    await drawer.getByText('Choose a type', { exact: true }).waitFor();
    expect(await drawer.getByText('Super admin', { exact: true }).count()).toBe(0);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('Choose a type.', { exact: true }).waitFor();
    await chooseOption(admin, drawer.getByLabel('Type'), { option: /^Employee$/ });
    await drawer.getByLabel('Name', { exact: true }).fill(employee.name);
    await drawer.getByLabel('Username', { exact: true }).fill(employee.username);
    await drawer.getByLabel('E-mail', { exact: true }).fill(employee.email);
    await drawer.getByLabel('Password', { exact: true }).fill(employee.password);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('cell', { name: employee.username, exact: true }).waitFor();

    // Banner view only, through the page-permission matrix.
    await chooseRowAction(
      admin,
      admin.getByRole('row', { name: new RegExp(employee.username) }),
      'Permissions',
    );
    await admin.waitForURL('**/hkadmin/permission/user/**');
    await setUserOverride(admin, 'Banner', 'view', true);
    await saveMatrix(admin);

    // The employee's first sign-in, then only Dashboard and Marketing > Banner.
    const staff = await freshPage(browser);
    await firstSignIn(staff, panel, mailbox, employee);
    expect(await sidebarEntries(staff)).toEqual(['Dashboard', 'Marketing']);
    await openFromSidebar(staff, 'Marketing', 'Banner', 'banner');
    expect(await sidebarEntries(staff)).toEqual(['Dashboard', 'Marketing', 'Banner']);

    // Their dashboard welcomes them; its figures need Login (the spec's gate), which they lack: it says so.
    await staff.goto(`${panel.url}/hkadmin/dashboard`);
    await staff
      .getByText("The dashboard's figures need the view permission of Login.", { exact: false })
      .waitFor();
    expect(await staff.getByRole('region', { name: 'Work queue' }).count()).toBe(0);

    // Typing a screen they may not open says so, naming it, and keeps the address and the sidebar.
    await staff.goto(`${panel.url}/hkadmin/user`);
    await staff.getByText('No access to User', { exact: true }).waitFor();
    expect(new URL(staff.url()).pathname).toBe('/hkadmin/user');
    await staff.getByTestId('sidebar').getByText('Marketing', { exact: true }).waitFor();

    // The server refuses them, whatever the browser shows.
    const token = await staff.evaluate(() => localStorage.getItem('token'));
    const refused = await requestEndpoint(
      panel.url,
      USER_ENDPOINTS.paginate,
      { page: 1, limit: 10 },
      { token: token ?? undefined },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('E_FORBIDDEN');

    // The admin adds User view; the employee's next navigation shows Customer > User, no sign-out needed.
    await setUserOverride(admin, 'User', 'view', true);
    await saveMatrix(admin);
    await staff.getByTestId('sidebar').getByText('Dashboard', { exact: true }).click();
    await staff.waitForURL('**/hkadmin/dashboard');
    await staff.getByTestId('sidebar').getByText('Customer', { exact: true }).waitFor();
    await openFromSidebar(staff, 'Customer', 'User', 'user');
    await staff.getByRole('cell', { name: employee.username, exact: true }).waitFor();
    // View without insert: no controls to create.
    expect(await staff.getByRole('button', { name: 'Add User' }).count()).toBe(0);
  });
});
