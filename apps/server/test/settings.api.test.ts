import { type ResourceRecord, resourcePaths, SETTING_ENDPOINTS, settingResource } from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';

/**
 * The settings the panel knows take values fitting their inputs, whichever call writes them, and every
 * write answers naming what it changed.
 */
describe.skipIf(!(await databaseAvailable()))('settings', () => {
  let server: TestServer;
  let token: string;
  const post = <T = ResourceRecord>(path: string, body: unknown) =>
    server.client().post<T>(path, body, token);
  const upsert = (body: Record<string, unknown>) => post(SETTING_ENDPOINTS.upsert.path, body);

  beforeAll(async () => {
    server = await startServer();
    token = await adminToken(server, server.client());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('names a known setting by its label in the answer', async () => {
    const created = await upsert({ key: 'support-email', group: 1, value: 'help@facet.example' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe("Setting 'Support e-mail' created.");
    const saved = await upsert({ key: 'SUPPORT-EMAIL', group: 1, value: 'desk@facet.example' });
    expect(saved.body.message).toBe("Setting 'Support e-mail' saved.");
  });

  it('refuses a value that does not fit the input, on the field, through the upsert and the generic update', async () => {
    const wrong = await upsert({ key: 'order-discount', group: 12, value: '120' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'value', message: 'Enter a number between 0 and 100.' }]);

    const created = await upsert({ key: 'order-discount', group: 12, value: '1.5' });
    expect(created.status).toBe(200);
    const paths = resourcePaths(settingResource);
    const updated = await server.client().request('PUT', paths.byId(created.body.data.id), {
      body: { value: 'a lot' },
      token,
    });
    expect(updated.status).toBe(400);
    expect(updated.body.errors).toEqual([
      { field: 'value', message: 'Enter the web order discount as a number.' },
    ]);

    const theme = await upsert({ key: 'app-theme', group: 1, data: { primary: 'blue', themeType: 'Dark' } });
    expect(theme.status).toBe(400);
    expect(theme.body.errors).toEqual([{ field: 'data.primary', message: 'Choose a colour for primary.' }]);
    const themed = await upsert({
      key: 'app-theme',
      group: 1,
      data: { primary: '#fa8c16', themeType: 'Dark' },
    });
    expect(themed.status).toBe(200);
  });

  it('checks a renamed key against the value it keeps, takes plain decimals only and users by id', async () => {
    const free = await upsert({ key: 'apps.hold-note', group: 1, value: 'ask the desk' });
    expect(free.status).toBe(200);
    const renamed = await server
      .client()
      .request('PUT', resourcePaths(settingResource).byId(free.body.data.id), {
        body: { key: 'order.hold-hours' },
        token,
      });
    expect(renamed.status).toBe(400);
    expect(renamed.body.errors).toEqual([{ field: 'value', message: 'Enter the hold time as a number.' }]);
    const salesPerson = await upsert({ key: 'sales-person.default', group: 7, value: 'Head of sales' });
    expect(salesPerson.body.errors).toEqual([{ field: 'value', message: 'Choose a user from the list.' }]);
    const moment = await upsert({ key: 'legacy-order-store.last-import', group: 101, value: '1' });
    expect(moment.body.errors).toEqual([{ field: 'value', message: 'Choose a valid date and time.' }]);
    for (const value of ['0x10', '1e3', 'Infinity']) {
      const odd = await upsert({ key: 'order.hold-hours', group: 3, value });
      expect(odd.body.errors, value).toEqual([
        { field: 'value', message: 'Enter the hold time as a number.' },
      ]);
    }
  });

  it('keeps a known setting in its own group, which is what a settings module may reach', async () => {
    const moved = await upsert({ key: 'company-name', group: 2, value: 'Facet Diamonds' });
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual([
      { field: 'group', message: 'Company name is a setting of the General group.' },
    ]);
  });

  it('takes any value of a key the panel does not know', async () => {
    const free = await upsert({ key: 'apps.splash-title', group: 1, value: 'Welcome back' });
    expect(free.status).toBe(200);
    expect(free.body.message).toBe("Setting 'Apps: splash title' created.");
  });
});
