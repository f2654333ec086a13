import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DataOf } from '../endpoints/endpoint.ts';
// The catalogue's own declarations serve as fixtures, taken as any consumer takes them.
import {
  countryResource,
  featuredStoneResource,
  masterResource,
  RESOURCES,
  stateResource,
} from '../index.ts';
import { type RecordOf, recordSchemaOf } from './record-schema.ts';
import { legacyPathsOf, resourceEndpoints, resourceEndpointTable } from './resource-endpoints.ts';
import { resourcePaths, resourceRefs } from './resource-paths.ts';

const system = {
  id: '0b7b6a3e-9d1f-4a53-8d1c-1f0f0f0f0f0f',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  updatedBy: null,
};

describe('typed records', () => {
  it('types a record by its declaration', () => {
    type State = RecordOf<typeof stateResource>;
    expectTypeOf<State['name']>().toEqualTypeOf<string>();
    expectTypeOf<State['code']>().toEqualTypeOf<string | null>();
    expectTypeOf<State['countryId']>().toEqualTypeOf<string>();
    expectTypeOf<State['countryTitle']>().toEqualTypeOf<string | null>();
    expectTypeOf<State['isActive']>().toEqualTypeOf<boolean>();
    expectTypeOf<State['createdBy']>().toEqualTypeOf<string | null>();
    type Master = RecordOf<typeof masterResource>;
    expectTypeOf<Master['sequence']>().toEqualTypeOf<number | null>();
    expectTypeOf<Master['parentTitle']>().toEqualTypeOf<string | null>();
    expectTypeOf<
      DataOf<ReturnType<typeof resourceEndpoints<typeof stateResource>>['read']>
    >().toEqualTypeOf<State>();
  });

  it('checks an answered record against the declaration', () => {
    const schema = recordSchemaOf(stateResource);
    const state = {
      ...system,
      name: 'Antwerp',
      code: null,
      countryId: system.id,
      countryTitle: 'Belgium',
      isActive: true,
    };
    expect(schema.safeParse(state).success).toBe(true);
    expect(schema.safeParse({ ...state, name: null }).success).toBe(false);
    expect(schema.safeParse({ ...state, isActive: 'yes' }).success).toBe(false);
    expect(schema.safeParse({ ...state, countryTitle: undefined }).success).toBe(false);
  });

  it('answers the details of a referenced row under their keys', () => {
    const shape = (
      recordSchemaOf(featuredStoneResource, (name) =>
        RESOURCES.find((resource) => resource.name === name),
      ) as unknown as { shape: Record<string, unknown> }
    ).shape;
    expect(Object.keys(shape)).toEqual(
      expect.arrayContaining(['stoneId', 'stoneTitle', 'stoneShape', 'stoneCarat']),
    );
  });
});

describe('generated endpoints', () => {
  it('declares the generic endpoints of a resource at its base', () => {
    const endpoints = resourceEndpoints(countryResource);
    expect(
      Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, `${e.method} ${e.path}`])),
    ).toEqual({
      paginate: 'POST apis/country/paginate',
      read: 'GET apis/country/:id',
      history: 'GET apis/country/:id/history',
      create: 'POST apis/country/create',
      update: 'PUT apis/country/:id',
      delete: 'DELETE apis/country/:id',
      export: 'POST apis/country/export',
    });
    expect(endpoints.paginate.access).toEqual({ module: 'Country', action: 'view' });
    expect(endpoints.create?.access).toEqual({ module: 'Country', action: 'insert' });
    expect(endpoints.export?.answer).toHaveProperty('file');
    expect(resourceEndpoints(masterResource).bulkSequence?.path).toBe('apis/master/bulk-sequence-update');
  });

  it('lists the alias bases and legacy paths in the table, and keeps resourcePaths', () => {
    for (const resource of RESOURCES) {
      const table = resourceEndpointTable(resource).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
      expect(new Set(table).size, resource.name).toBe(table.length);
      for (const path of legacyPathsOf(resource)) {
        expect(
          table.some((entry) => entry.endsWith(` ${path}`)),
          path,
        ).toBe(true);
      }
    }
    expect(resourcePaths(countryResource).byId('x')).toBe('apis/country/x');
    expect(resourcePaths(countryResource).history('x')).toBe('apis/country/x/history');
  });

  it('gates a resource scoped by view by any of its views modules', () => {
    const scoped = RESOURCES.find((resource) => resource.views.some((view) => view.module));
    expect(scoped).toBeDefined();
    expect(resourceEndpoints(scoped as (typeof RESOURCES)[number]).paginate.access).toHaveProperty('modules');
  });
});

describe('resource refs', () => {
  it('name the method, path and access rule of each endpoint the declaration allows, as resourceEndpoints', () => {
    for (const resource of RESOURCES) {
      const declared = Object.fromEntries(
        Object.entries(resourceEndpoints(resource)).map(([name, endpoint]) => [
          name,
          { method: endpoint.method, path: endpoint.path, access: endpoint.access },
        ]),
      );
      expect(resourceRefs(resource)).toEqual(declared);
    }
  });

  it('are typed by the declarations they stand for', () => {
    expectTypeOf(resourceRefs(stateResource).paginate.declared).toEqualTypeOf<
      ReturnType<typeof resourceEndpoints<typeof stateResource>>['paginate'] | undefined
    >();
  });
});
