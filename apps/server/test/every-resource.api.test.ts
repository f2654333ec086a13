import {
  ADMIN_MODULE_BY_NAME,
  type FieldSpec,
  legacyPathsOf,
  masterResource,
  type PaginateResult,
  RESOURCE_BY_NAME,
  RESOURCES,
  type ResourceRecord,
  type ResourceSpec,
  resourcePaths,
  SETTING_ENDPOINTS,
  USER_REFERENCE,
  USER_TYPES,
} from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { createUserViaApi, unique, userWithRole } from './user-admin.ts';

type Page = PaginateResult<ResourceRecord>;
const TODAY = new Date().toISOString().slice(0, 10);
/** Values a resource's own rules need that no declaration-built sample has (a slot's `HH:MM` times). */
const SAMPLE_VALUES: Readonly<Record<string, Record<string, unknown>>> = {
  slot: { startTime: '10:00', endTime: '12:00' },
};

/** Hostile paginate bodies: each must be refused before any SQL runs. */
const HOSTILE = [
  { filter: { 'name; drop table users': 'x' } },
  { filter: { id: "' or 1=1 --" } },
  { sort: { 'created_at desc; delete from users': 'asc' } },
  { sort: { createdAt: 'sideways' } },
  { limit: 1_000_000 },
  { limit: 'all' },
  { page: -1 },
  { page: 'one' },
  { search: { $ne: null } },
  { filter: 'isActive = true' },
];

/**
 * Every declared resource over real HTTP, iterated from the catalogue: paginate, create (refused when
 * empty, accepted with values built from the declaration), read, update, history, export, delete,
 * hostile bodies, and every legacy path, on both databases.
 */
describe.skipIf(!(await databaseAvailable()))('every resource', () => {
  let server: TestServer;
  let token: string;
  const client = () => server.client();
  const post = <T = ResourceRecord>(path: string, body: unknown, as = token) =>
    client().post<T>(path, body, as);
  const references = new Map<string, string>();

  /**
   * A live record of `name` to point at, created once from its own declaration; a staff user for a
   * user reference, a value of the main master with that code for a narrowed one.
   */
  async function referenceTo(name: string, masterCode?: string): Promise<string> {
    const cacheKey = masterCode ? `${name}:${masterCode}` : name;
    const known = references.get(cacheKey);
    if (known) return known;
    let id: string;
    if (name === USER_REFERENCE) id = (await createUserViaApi(client(), token)).id;
    else if (masterCode) {
      const master = resourcePaths(masterResource).create;
      const main = await post(master, { name: `Main ${masterCode}`, code: masterCode });
      const value = await post(master, {
        name: `Value of ${masterCode}`,
        code: 'V',
        parentId: main.body.data.id,
      });
      expect(value.status, JSON.stringify(value.body)).toBe(200);
      id = value.body.data.id;
    } else {
      const target = RESOURCE_BY_NAME.get(name) as ResourceSpec;
      const created = await post(resourcePaths(target).create, await sampleOf(target));
      expect(created.status, `${name}: ${JSON.stringify(created.body)}`).toBe(200);
      id = created.body.data.id;
    }
    references.set(cacheKey, id);
    return id;
  }

  async function sampleValue(key: string, spec: FieldSpec): Promise<unknown> {
    switch (spec.kind) {
      case 'text':
      case 'longText':
        if (spec.display === 'timeZone') return 'Europe/Brussels';
        return spec.unique
          ? unique(`Sample ${spec.label} `).slice(0, spec.max ?? 255)
          : `Sample ${spec.label}`.slice(0, spec.max ?? 255);
      case 'image':
        return `/files/sample/${key}.png`;
      case 'integer':
      case 'decimal':
        return spec.min ?? 1;
      case 'boolean':
        return true;
      case 'date':
        return TODAY;
      case 'datetime':
        return new Date().toISOString();
      case 'enum':
        return spec.options?.[0]?.value;
      case 'reference':
        return referenceTo(spec.references ?? '', spec.masterCode);
      case 'textList':
        return [`Sample ${spec.label}`];
      case 'json':
        return { sample: true };
    }
  }

  /** A valid create body built from the declaration (enum `unique` fields take an unused option). */
  async function sampleOf(
    resource: ResourceSpec,
    taken: readonly unknown[] = [],
  ): Promise<Record<string, unknown>> {
    const body: Record<string, unknown> = {};
    for (const [key, spec] of Object.entries(resource.fields)) {
      if (spec.form === false) continue;
      // A self-reference (a sub-master's parent) stays empty, or building it would never end.
      if (spec.kind === 'reference' && spec.references === resource.name && !spec.required) continue;
      if (spec.kind === 'enum' && spec.unique) {
        body[key] = spec.options?.find((option) => !taken.includes(option.value))?.value;
      } else if (spec.kind === 'text' && resource.fields[key]?.max !== undefined && (spec.max ?? 255) <= 3) {
        body[key] = unique('')
          .replace(/\D/g, '')
          .slice(-(spec.max ?? 2))
          .padStart(spec.max ?? 2, 'Q');
      } else body[key] = await sampleValue(key, spec);
    }
    return { ...body, ...SAMPLE_VALUES[resource.name] };
  }

  beforeAll(async () => {
    server = await startServer();
    token = await adminToken(server, client());
  });
  afterAll(async () => {
    await server?.close();
  });

  for (const resource of RESOURCES) {
    describe(resource.name, () => {
      const paths = resourcePaths(resource);

      it('pages, creates, reads, updates, exports, shows history and deletes', async () => {
        const empty = await post<Page>(paths.paginate, {});
        expect(empty.status, JSON.stringify(empty.body)).toBe(200);
        expect(empty.body.data).toEqual({
          list: expect.any(Array),
          count: expect.any(Number),
          ...(resource.totals ? { totals: expect.any(Object) } : {}),
        });
        if (!resource.operations.create) {
          expect((await post(paths.create, {})).status).toBe(404);
          return;
        }
        const refused = await post(paths.create, {});
        // A required field with a default takes it when a create leaves it out.
        const required = Object.entries(resource.fields).filter(
          ([, spec]) =>
            spec.required &&
            spec.form !== false &&
            (spec.defaultValue === undefined || spec.defaultValue === null),
        );
        if (required.length) {
          expect(refused.status).toBe(400);
          expect(refused.body.code).toBe('E_BAD_REQUEST');
          const fields = refused.body.errors?.map((entry) => entry.field);
          expect(fields, JSON.stringify(refused.body)).toEqual(
            expect.arrayContaining(required.map(([key]) => key)),
          );
        }
        const taken = empty.body.data.list.flatMap((row) =>
          Object.entries(resource.fields)
            .filter(([, spec]) => spec.unique)
            .map(([key]) => row[key]),
        );
        const body = await sampleOf(resource, taken);
        const created = await post(paths.create, body);
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        const id = created.body.data.id;
        const read = await client().get<ResourceRecord>(paths.byId(id), token);
        expect(read.status).toBe(200);
        expect(read.body.data[resource.titleField]).toBe(body[resource.titleField]);

        const listed = await post<Page>(paths.paginate, { limit: 500 });
        expect(listed.body.data.list.map((row) => row.id)).toContain(id);

        if (resource.operations.update) {
          const textKey = Object.entries(resource.fields).find(
            ([key, spec]) =>
              (spec.kind === 'text' || spec.kind === 'longText') &&
              !spec.unique &&
              spec.form !== false &&
              !(key in (SAMPLE_VALUES[resource.name] ?? {})),
          )?.[0];
          const change = textKey ? { [textKey]: 'Changed value' } : {};
          const updated = await client().request<ResourceRecord>('PUT', paths.byId(id), {
            body: change,
            token,
          });
          expect(updated.status, JSON.stringify(updated.body)).toBe(200);
          if (textKey) expect(updated.body.data[textKey]).toBe('Changed value');
          const history = await client().get<unknown[]>(paths.history(id), token);
          expect(history.status).toBe(200);
          expect(history.body.data.length).toBeGreaterThanOrEqual(textKey ? 2 : 1);
        }

        if (resource.operations.export) {
          const file = await fetch(`${server.url}/${paths.export}`, {
            method: 'POST',
            headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ format: 'csv' }),
          });
          expect(file.status).toBe(200);
          expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
          expect((await file.text()).split('\n').length).toBeGreaterThanOrEqual(2);
        }

        if (resource.operations.delete) {
          const removed = await client().request('DELETE', paths.byId(id), { token });
          expect(removed.status).toBe(200);
          expect((await client().get(paths.byId(id), token)).status).toBe(404);
        }
      });

      it('refuses hostile paginate bodies and changes nothing', async () => {
        const before = await post<Page>(paths.paginate, { limit: 500 });
        for (const hostile of HOSTILE) {
          const response = await post(paths.paginate, hostile);
          expect(response.status, JSON.stringify(hostile)).toBe(400);
          expect(response.body.code).toBe('E_BAD_REQUEST');
        }
        const after = await post<Page>(paths.paginate, { limit: 500 });
        expect(after.body.data).toEqual(before.body.data);
      });

      it.skipIf(legacyPathsOf(resource).length === 0)(
        'answers its legacy paths like the generic ones',
        async () => {
          const legacy = resource.legacyPaths ?? {};
          for (const alias of resource.aliases ?? []) {
            const aliased = resourcePaths({ ...resource, api: alias });
            const generic = await post<Page>(paths.paginate, { limit: 500 });
            const viaAlias = await post<Page>(aliased.paginate, { limit: 500 });
            expect(viaAlias.status).toBe(200);
            expect(viaAlias.body.data).toEqual(generic.body.data);
            const created = await post(aliased.create, await sampleOf(resource));
            expect(created.status, JSON.stringify(created.body)).toBe(200);
            const id = created.body.data.id;
            expect((await client().get(paths.byId(id), token)).body.data).toEqual(created.body.data);
            expect((await client().get(aliased.byId(id), token)).body.data).toEqual(created.body.data);
            const put = await client().request('PUT', aliased.byId(id), { body: { isActive: false }, token });
            expect(put.status).toBe(200);
          }
          for (const path of legacy.sequence ?? []) {
            const created = await post(paths.create, await sampleOf(resource));
            const id = created.body.data.id;
            const saved = await post(path, { list: [{ id, sequence: 42 }] });
            expect(saved.status, JSON.stringify(saved.body)).toBe(200);
            expect(
              (await client().get<ResourceRecord>(paths.byId(id), token)).body.data[
                resource.sequenceField ?? ''
              ],
            ).toBe(42);
          }
          for (const path of legacy.updateByBody ?? []) {
            const created = await post(paths.create, await sampleOf(resource));
            const id = created.body.data.id;
            const saved = await post<ResourceRecord>(path, { id, remarks: 'Updated by legacy path' });
            expect(saved.status, JSON.stringify(saved.body)).toBe(200);
            expect(saved.body.data.remarks).toBe('Updated by legacy path');
            expect((await post(path, { remarks: 'no id' })).status).toBe(400);
          }
          for (const path of legacy.destroy ?? []) {
            const created = await post(paths.create, await sampleOf(resource));
            const id = created.body.data.id;
            const removed = await post(path, { id });
            expect(removed.status, JSON.stringify(removed.body)).toBe(200);
            expect((await client().get(paths.byId(id), token)).status).toBe(404);
            expect((await post(path, { id })).status).toBe(404);
          }
        },
      );
    });
  }

  it('reads and upserts settings by key', async () => {
    const key = unique('site.title.');
    const created = await post<ResourceRecord>(SETTING_ENDPOINTS.upsert.path, {
      key,
      group: 1,
      value: 'Facet',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const updated = await post<ResourceRecord>(SETTING_ENDPOINTS.upsert.path, {
      key: key.toUpperCase(),
      group: 1,
      value: 'Facet 2',
    });
    expect(updated.body.data).toMatchObject({ id: created.body.data.id, key, value: 'Facet 2' });
    const byKey = await client().get<ResourceRecord>(`apis/setting/${key}`, token);
    expect(byKey.body.data).toMatchObject({ id: created.body.data.id, value: 'Facet 2' });
    expect((await client().get(`apis/setting/no-such-key`, token)).status).toBe(404);
    expect((await post(SETTING_ENDPOINTS.upsert.path, { value: 'x' })).status).toBe(400);
  });

  it('scopes a resource by view: a Suggestion user reaches suggestions only', async () => {
    const suggestionModule = ADMIN_MODULE_BY_NAME.get('Suggestion')?.id as number;
    const all = { view: true, insert: true, update: true, delete: true };
    const { token: limited } = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: suggestionModule, permissions: all },
    ]);
    const api = resourcePaths(RESOURCE_BY_NAME.get('contactUs') as ResourceSpec);
    const contact = await post(api.create, { type: 'contact', name: 'A buyer', message: 'Call me' });
    const suggestion = await post(api.create, { type: 'suggestion', name: 'A buyer', message: 'More pairs' });
    const seen = await post<Page>(api.paginate, { limit: 500 }, limited);
    expect(seen.status).toBe(200);
    expect(new Set(seen.body.data.list.map((row) => row.type))).toEqual(new Set(['suggestion']));
    expect(seen.body.data.list.map((row) => row.id)).toContain(suggestion.body.data.id);
    expect((await post(api.paginate, { filter: { type: 'contact' } }, limited)).status).toBe(403);
    expect((await client().get(api.byId(contact.body.data.id), limited)).status).toBe(404);
    expect((await client().get(api.byId(suggestion.body.data.id), limited)).status).toBe(200);
    expect((await post(api.create, { type: 'contact', name: 'X', message: 'Y' }, limited)).status).toBe(403);
    expect((await post(api.create, { type: 'suggestion', name: 'X', message: 'Y' }, limited)).status).toBe(
      200,
    );
    const moved = await client().request('PUT', api.byId(suggestion.body.data.id), {
      body: { type: 'contact' },
      token: limited,
    });
    expect(moved.status).toBe(403);
    expect((await post('apis/contactus/delete', { id: contact.body.data.id }, limited)).status).toBe(404);
    const toggled = await post(
      'admin/common/boolean-status-update',
      { id: contact.body.data.id, model: 'contactUs', fieldName: 'isResolved', status: true },
      limited,
    );
    expect(toggled.status).toBe(404);
    expect((await post('apis/contactus/delete', { id: suggestion.body.data.id }, limited)).status).toBe(200);
    // Another module reaches nothing of it.
    const { token: none } = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: ADMIN_MODULE_BY_NAME.get('Banner')?.id as number, permissions: all },
    ]);
    expect((await post(api.paginate, {}, none)).status).toBe(403);
  });
});
