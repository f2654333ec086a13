import { describe, expect, it } from 'vitest';
import { ADMIN_MODULE_BY_NAME } from '../access/admin-modules.ts';
import { PANEL_ROUTES } from '../access/panel-routes.ts';
import {
  countryResource,
  createSchemaOf,
  exportSchemaOf,
  paginateSchemaOf,
  RESOURCE_BY_NAME,
  RESOURCES,
  sizeResource,
  sortKeysOf,
  updateSchemaOf,
} from './index.ts';

describe('resource catalogue', () => {
  it('declares every view at a panel route, gated by the resource module', () => {
    const routes = new Map(PANEL_ROUTES.map((route) => [route.path, route]));
    for (const resource of RESOURCES) {
      expect(ADMIN_MODULE_BY_NAME.has(resource.module), resource.name).toBe(true);
      for (const view of resource.views) expect(routes.has(view.route), view.route).toBe(true);
    }
  });

  it('points every reference at a declared resource and every sort default at a sortable field', () => {
    for (const resource of RESOURCES) {
      for (const [key, spec] of Object.entries(resource.fields)) {
        if (spec.kind === 'reference') expect(RESOURCE_BY_NAME.has(spec.references ?? ''), key).toBe(true);
      }
      expect(sortKeysOf(resource), resource.name).toContain(resource.defaultSort.field);
    }
  });
});

describe('generated payload schemas', () => {
  it('requires required fields on create and refuses unknown ones', () => {
    const create = createSchemaOf(countryResource);
    expect(create.safeParse({ name: 'Belgium', code: 'BE' }).success).toBe(true);
    const missing = create.safeParse({ code: 'BE' });
    expect(missing.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Please input name!'],
    ]);
    expect(create.safeParse({ name: 'Belgium', code: 'BE', id: 'x' }).success).toBe(false);
    expect(create.safeParse({ name: 'Belgium', code: 'BEL' }).success).toBe(false);
  });

  it('lets an update carry any subset', () => {
    expect(updateSchemaOf(sizeResource).safeParse({ isActive: false }).success).toBe(true);
    expect(updateSchemaOf(sizeResource).safeParse({ fromCarat: 'one' }).success).toBe(false);
  });

  it('whitelists filters and sort keys', () => {
    const paginate = paginateSchemaOf(sizeResource);
    expect(
      paginate.safeParse({ filter: { fromCarat: { from: 0.3, to: 0.39 } }, sort: { sequence: 'asc' } })
        .success,
    ).toBe(true);
    expect(paginate.safeParse({ filter: { 'name; drop table sizes': 'x' } }).success).toBe(false);
    expect(paginate.safeParse({ sort: { password: 'asc' } }).success).toBe(false);
    expect(paginate.safeParse({ limit: 100_000 }).success).toBe(false);
    expect(exportSchemaOf(sizeResource).parse({}).format).toBe('xlsx');
  });
});
