import { randomUUID } from 'node:crypto';
import {
  ADMIN_MODULES,
  bannerResource,
  type FieldSpec,
  formTitleOf,
  itemNameOf,
  MASTER_ENDPOINTS,
  PANEL_ROUTES,
  type PaginateResult,
  PERMISSION_ENDPOINTS,
  RESOURCE_BY_NAME,
  RESOURCES,
  type ResourceRecord,
  type ResourceSpec,
  type ResourceView,
  resourcePaths,
  USER_ENDPOINTS,
  USER_TYPES,
} from '@facet/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSessionOfFile } from './support/admin-session.ts';
import { Mailbox } from './support/mailbox.ts';
import { watchStep } from './support/page-watch.ts';
import { firstSignIn, freshPage } from './support/panel-session.ts';
import type { RunningPanel } from './support/server.ts';
import { apiAs } from './support/stones.ts';

/**
 * A link to a record's form opens that record, a link without an id an empty form, and a link to a
 * record that is not there says so with a way back. Every `upsert/:id?` view of the contract's resources
 * is walked, so a new one is covered the day it is declared.
 */
const session = adminSessionOfFile();
let panel: RunningPanel;
let page: Page;
beforeAll(() => ({ panel, page } = session));

const FORM_SUFFIX = '/upsert/:id?';
const formRoot = (route: string) => route.slice(0, -FORM_SUFFIX.length);
const unique = Date.now().toString(36).slice(-5).toUpperCase();

const formViews = RESOURCES.flatMap((resource) =>
  resource.views
    .filter((view) => view.route.endsWith(FORM_SUFFIX))
    .map((view) => [view.route, resource, view] as const),
);

/** A value the declaration accepts for a required field, looking up a record a reference can point at. */
async function valueFor(key: string, spec: FieldSpec): Promise<unknown> {
  switch (spec.kind) {
    case 'text':
    case 'longText':
    case 'image':
      if (spec.display === 'timeZone') return 'Europe/Brussels';
      return `Link ${spec.label} ${unique}`.slice(0, spec.max ?? 255);
    case 'integer':
    case 'decimal':
      return Math.max(spec.min ?? 1, 1);
    case 'boolean':
      return spec.defaultValue ?? true;
    case 'date':
      return '2026-11-22';
    case 'datetime':
      return '2026-11-22T10:30:00.000Z';
    case 'enum':
      return spec.options?.[0]?.value;
    case 'reference': {
      if (spec.masterCode) {
        const values = await apiAs<Record<string, ResourceRecord[]>>(
          page,
          panel.url,
          MASTER_ENDPOINTS.listByCode.path,
          {
            code: [spec.masterCode],
          },
        );
        return values[spec.masterCode]?.[0]?.id;
      }
      const target = RESOURCE_BY_NAME.get(spec.references ?? '');
      if (!target) throw new Error(`${key}: no resource ${spec.references} to point at`);
      const found = await apiAs<PaginateResult<ResourceRecord>>(
        page,
        panel.url,
        resourcePaths(target).paginate,
        {
          page: 1,
          limit: 1,
        },
      );
      return found.list[0]?.id;
    }
    default:
      throw new Error(`${key}: no test value for a required ${spec.kind} field`);
  }
}

/** Creates a record of the view through the API, with its required fields, title and fixed values. */
async function createRecord(resource: ResourceSpec, view: ResourceView): Promise<ResourceRecord> {
  const body: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(resource.fields)) {
    if (spec.required || key === resource.titleField || view.notNull?.includes(key)) {
      body[key] = await valueFor(key, spec);
    }
  }
  Object.assign(body, view.fixedFilter);
  return apiAs<ResourceRecord>(page, panel.url, resourcePaths(resource).create, body);
}

/** A new tab of the signed-in browser, straight on a panel path, as a shared link is opened. */
async function openLink(path: string): Promise<Page> {
  const tab = await page.context().newPage();
  await tab.goto(`${panel.url}/hkadmin/${path}`);
  return tab;
}

async function expectNotFound(tab: Page, listRoute: string): Promise<void> {
  await watchStep(tab, 'showing that the record is not there', async () => {
    await tab
      .getByText(/not found/i)
      .first()
      .waitFor();
    await tab.getByRole('button', { name: 'Back to the list' }).click();
    await tab.waitForURL(`**/hkadmin/${listRoute}`);
  });
}

describe('deep links to record forms, in Chromium', () => {
  it('finds the upsert views to walk', () => {
    expect(formViews.map(([route]) => route)).toEqual(
      expect.arrayContaining([
        'banner/upsert/:id?',
        'location/upsert/:id?',
        'show/upsert/:id?',
        'popup/upsert/:id?',
      ]),
    );
  });

  it.each(formViews)(
    '%s: the record by id, an empty form without, not found for an unknown id',
    async (_route, resource, view) => {
      const record = await createRecord(resource, view);
      const titleLabel = resource.fields[resource.titleField]?.label ?? '';
      const root = formRoot(view.route);

      const linked = await openLink(`${root}/upsert/${record.id}`);
      await watchStep(linked, 'opening the linked record', async () => {
        const title = linked.getByLabel(titleLabel, { exact: true });
        await title.waitFor();
        await expect.poll(() => title.inputValue()).toBe(record[resource.titleField]);
      });
      await linked.close();

      const empty = await openLink(`${root}/upsert`);
      await watchStep(empty, 'opening an empty form', async () => {
        // The form names one record of the view ("Add show" on News and events).
        await empty.getByRole('heading', { name: formTitleOf(itemNameOf(resource, view), null) }).waitFor();
        expect(await empty.getByLabel(titleLabel, { exact: true }).inputValue()).toBe('');
      });
      await empty.close();

      for (const id of [randomUUID(), 'not-an-id']) {
        const missing = await openLink(`${root}/upsert/${id}`);
        await expectNotFound(missing, root);
        await missing.close();
      }

      // A record of a sibling view (a popup, linked as a show) is no record of this one; a view of every
      // record (News and events) opens it.
      for (const [route, , other] of formViews) {
        if (other === view || !resource.views.includes(other)) continue;
        const fits = Object.entries(other.fixedFilter ?? {}).every(([key, value]) => record[key] === value);
        if (fits) continue;
        const foreign = await openLink(`${formRoot(route)}/upsert/${record.id}`);
        await expectNotFound(foreign, formRoot(route));
        await foreign.close();
      }
    },
  );

  // The bespoke forms (non-certified lots and stones, layouts) open their records in their own tests;
  // here, a link to one that is not there must end on a way back too.
  const bespoke = PANEL_ROUTES.filter(
    (route) =>
      route.path.endsWith(FORM_SUFFIX) &&
      !formViews.some(([path]) => path === route.path) &&
      // Sends a notification: there is no saved record for an id to name.
      route.path !== 'notification/upsert/:id?',
  ).map((route) => route.path);

  it.each(bespoke)('%s: an unknown id shows not found with a way back', async (path) => {
    const root = formRoot(path);
    const missing = await openLink(`${root}/upsert/${randomUUID()}`);
    await expectNotFound(missing, root);
    await missing.close();
  });

  it('shows a linked record, without saving, to one who may add but not edit', async () => {
    const banner = await createRecord(bannerResource, bannerResource.views[0] as ResourceView);
    const clerk = {
      username: 'clerk',
      email: 'clerk@example.com',
      password: 'first-password-1',
      newPassword: 'clerk-own-password',
    };
    const user = await apiAs<{ id: string }>(page, panel.url, USER_ENDPOINTS.create.path, {
      type: USER_TYPES.EMPLOYEE,
      name: 'Clara Clerk',
      username: clerk.username,
      emails: [{ value: clerk.email, isPrimary: true }],
      password: clerk.password,
    });
    const bannerModule = ADMIN_MODULES.find((entry) => entry.module === bannerResource.module);
    await apiAs(page, panel.url, PERMISSION_ENDPOINTS.upsert.path, {
      userId: user.id,
      scope: 'admin',
      permissions: [{ id: bannerModule?.id, permissions: { view: true, insert: true } }],
    });

    const staff = await freshPage(session.browser);
    await firstSignIn(staff, panel, new Mailbox(`${panel.dataDir}/mail`), clerk);
    await staff.goto(`${panel.url}/hkadmin/banner/upsert/${banner.id}`);
    await watchStep(staff, 'showing the record read-only', async () => {
      const title = staff.getByLabel(bannerResource.fields.name?.label ?? '', { exact: true });
      await expect.poll(() => title.inputValue()).toBe(banner.name);
      expect(await title.isDisabled()).toBe(true);
      expect(await staff.getByRole('button', { name: 'Save' }).count()).toBe(0);
      await staff.getByRole('button', { name: 'Back' }).click();
      await staff.waitForURL('**/hkadmin/banner');
    });
    await staff.context().close();
  });
});
