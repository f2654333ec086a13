import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../src/db/client.ts';

/**
 * Builders of the hostile-input walk: bodies shaped like a route's zod schema with hostile strings in
 * them, the generic families sent to every route, and a fingerprint of the database's rows.
 */

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

interface Def {
  type: string;
  [key: string]: unknown;
}

function defOf(schema: unknown): Def {
  return (schema as { _zod: { def: Def } })._zod.def;
}

function inner(def: Def): unknown {
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return def.innerType;
    case 'pipe':
      return def.in;
    case 'lazy':
      return (def.getter as () => unknown)();
    default:
      return undefined;
  }
}

/** The object schemas a body schema accepts at its top level (through optional, default, pipe, union...). */
function objectShapes(schema: unknown, depth = 0): Record<string, unknown>[] {
  if (depth > 20) return [];
  const def = defOf(schema);
  if (def.type === 'object') return [def.shape as Record<string, unknown>];
  if (def.type === 'union')
    return (def.options as unknown[]).flatMap((option) => objectShapes(option, depth + 1));
  if (def.type === 'intersection') {
    return [...objectShapes(def.left, depth + 1), ...objectShapes(def.right, depth + 1)];
  }
  const next = inner(def);
  return next ? objectShapes(next, depth + 1) : [];
}

/** Every key the body schema names at its top level, with its schema (the first one naming it). */
export function bodyFields(schema: z.ZodType): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  for (const shape of objectShapes(schema)) {
    for (const [key, value] of Object.entries(shape)) if (!fields.has(key)) fields.set(key, value);
  }
  return fields;
}

function checkValue(def: Def, kind: string): Record<string, unknown> | undefined {
  const checks = (def.checks as { _zod: { def: Record<string, unknown> } }[] | undefined) ?? [];
  return checks.map((check) => check._zod.def).find((check) => check.check === kind);
}

/**
 * A value the schema would take, with `text` in every free-text string (padded to the schema's
 * minimum length), so a hostile string travels as far as validation lets it.
 */
export function sampleOf(schema: unknown, text: string, depth = 0): unknown {
  if (depth > 12) return text;
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      switch (def.format) {
        case 'uuid':
        case 'guid':
          return UNKNOWN_ID;
        case 'email':
          return 'hostile@example.com';
        case 'date':
          return '2025-01-01';
        case 'datetime':
          return '2025-01-01T00:00:00Z';
        case 'url':
          return 'https://example.com/';
        default: {
          const min = Number(checkValue(def, 'min_length')?.minimum ?? 0);
          return text.length >= min ? text : text.padEnd(min, 'x');
        }
      }
    }
    case 'number':
    case 'int': {
      const floor = checkValue(def, 'greater_than');
      return floor && Number(floor.value) > 1 ? Number(floor.value) : 1;
    }
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array': {
      const min = Number(checkValue(def, 'min_length')?.minimum ?? 1);
      return Array.from({ length: Math.max(1, Math.min(min, 3)) }, () =>
        sampleOf(def.element, text, depth + 1),
      );
    }
    case 'tuple':
      return (def.items as unknown[]).map((item) => sampleOf(item, text, depth + 1));
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, unknown>).map(([key, value]) => [
          key,
          sampleOf(value, text, depth + 1),
        ]),
      );
    case 'record':
      return { name: sampleOf(def.valueType, text, depth + 1) };
    case 'union':
      return sampleOf((def.options as unknown[])[0], text, depth + 1);
    case 'intersection': {
      const left = sampleOf(def.left, text, depth + 1);
      const right = sampleOf(def.right, text, depth + 1);
      return typeof left === 'object' && typeof right === 'object' ? { ...left, ...right } : left;
    }
    case 'null':
      return null;
    case 'unknown':
    case 'any':
      return text;
    default: {
      const next = inner(def);
      return next ? sampleOf(next, text, depth + 1) : text;
    }
  }
}

/** Whether a field's schema takes a string somewhere (directly or inside a list, object or union). */
export function takesText(schema: unknown, depth = 0): boolean {
  if (depth > 8) return false;
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return !['uuid', 'guid', 'email', 'date', 'datetime', 'url'].includes(String(def.format ?? ''));
    case 'array':
      return takesText(def.element, depth + 1);
    case 'object':
      return Object.values(def.shape as Record<string, unknown>).some((value) => takesText(value, depth + 1));
    case 'record':
      return true;
    case 'union':
      return (def.options as unknown[]).some((option) => takesText(option, depth + 1));
    case 'unknown':
    case 'any':
      return true;
    default: {
      const next = inner(def);
      return next ? takesText(next, depth + 1) : false;
    }
  }
}

/** Whether a field's schema, past optional and default wrappers, is a boolean or a list. */
export function isFlagOrList(schema: unknown, depth = 0): boolean {
  const def = defOf(schema);
  if (def.type === 'boolean' || def.type === 'array') return true;
  const next = depth < 8 ? inner(def) : undefined;
  return next ? isFlagOrList(next, depth + 1) : false;
}

/** The keys of an object field's schema (a paginate body's `filter` or `sort`), if it is one. */
export function objectKeys(schema: unknown): string[] {
  return objectShapes(schema).flatMap((shape) => Object.keys(shape));
}

/** One request of the walk: a raw body (JSON text or not), a query string, or both. */
export interface HostileRequest {
  family: string;
  body?: string;
  query?: string;
}

const json = (family: string, value: unknown): HostileRequest => ({ family, body: JSON.stringify(value) });

export const NUL_TEXT = 'Hostile a\u0000b text';
export const SURROGATE_TEXTS = ['Hostile \uD800 text', 'Hostile \uDC00 text', 'Hostile text \uDBFF'];
const MEGABYTE_TEXT = 'x'.repeat(1_000_000);
const DEEP = 10_000;
const PROTO = '"__proto__":{"polluted":true,"isAdmin":true}';
const CONSTRUCTOR = '"constructor":{"prototype":{"polluted":true}}';
export const SQL_FRAGMENTS = ["' OR '1'='1", "x%_'); DROP TABLE users; --\\"];

/** Families that must be refused whatever the route does with a body: nothing in them is acceptable. */
export function refusedBodies(): HostileRequest[] {
  return [
    { family: 'malformed JSON', body: '{"a":' },
    { family: 'malformed JSON', body: '' },
    json('NUL', { name: NUL_TEXT }),
    json('NUL key', { 'na\u0000me': 'x' }),
    json('lone surrogate', { name: SURROGATE_TEXTS[0] }),
    { family: 'deep nesting', body: `{"name":${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}}` },
    { family: 'prototype key', body: `{${PROTO}}` },
    { family: 'prototype key', body: `{${CONSTRUCTOR}}` },
  ];
}

/** Per route, the keys that get a NUL and a lone surrogate of their own (the rest share the sample's). */
const KEYS_TRIED_ALONE = 5;

/** Families built from a route's body schema: each key, its type, its strings. */
export function schemaBodies(schema: z.ZodType): HostileRequest[] {
  const fields = bodyFields(schema);
  const keys = [...fields.keys()];
  const every = (value: unknown) => Object.fromEntries(keys.map((key) => [key, value]));
  const requests: HostileRequest[] = [
    // A JSON null body is no body, which a route validates as {} (see mountRoutes).
    ...['[]', '"text"', '12'].map((body) => ({ family: 'wrong body type', body })),
    json('null everywhere', every(null)),
    ...[12345, 'wrong', true, {}].map((value) => json('wrong types', every(value))),
    json('unknown fields', { unknownField: 'x', $where: '1 = 1', 'a.b': 1 }),
    json('NUL', sampleOf(schema, NUL_TEXT)),
    ...SURROGATE_TEXTS.slice(1).map((text) => json('lone surrogate', sampleOf(schema, text))),
  ];
  const plain = sampleOf(schema, 'Hostile text') as Record<string, unknown>;
  if (plain && typeof plain === 'object' && !Array.isArray(plain)) {
    requests.push(
      { family: 'prototype key', body: JSON.stringify(plain).replace(/^\{/, `{${PROTO},`) },
      json('unknown fields', { ...plain, unknownField: NUL_TEXT }),
    );
  }
  for (const key of keys.filter((key) => isFlagOrList(fields.get(key)))) {
    requests.push(json('null for a flag or list', { [key]: null }));
  }
  const textKeys = keys.filter((key) => takesText(fields.get(key)));
  for (const [index, key] of textKeys.slice(0, KEYS_TRIED_ALONE).entries()) {
    const field = fields.get(key);
    requests.push(json('NUL', { [key]: sampleOf(field, NUL_TEXT) }));
    if (index === 0)
      requests.push(json('lone surrogate', { [key]: sampleOf(field, SURROGATE_TEXTS[0] as string) }));
    if (index === 0) requests.push(json('1 MB string', { [key]: sampleOf(field, MEGABYTE_TEXT) }));
  }
  return requests;
}

/** Paginate and export bodies: SQL in search, filter and sort; pages and limits out of range. */
export function listingBodies(schema: z.ZodType): HostileRequest[] {
  const fields = bodyFields(schema);
  const requests: HostileRequest[] = [];
  // A report answers nothing without its period: each body carries a valid one, so that its hostile
  // part reaches the report's queries.
  const reportPeriod = fields.has('from') && fields.has('to');
  const base = {
    // An export whose body passes writes a file: CSV costs the least.
    ...(fields.has('format') ? { format: 'csv' } : {}),
    ...(reportPeriod ? { from: '2025-01-01', to: '2025-01-31' } : {}),
  };
  const json = (family: string, value: object): HostileRequest => ({
    family,
    body: JSON.stringify({ ...base, ...value }),
  });
  if (reportPeriod) {
    requests.push(
      json('calendar edge', { from: '0001-01-01', to: '0001-01-07' }),
      json('calendar edge', { from: '9999-12-24', to: '9999-12-31' }),
    );
  }
  if (fields.has('search')) {
    for (const fragment of SQL_FRAGMENTS) requests.push(json('SQL in search', { search: fragment }));
  }
  if (fields.has('filter')) {
    const keys = objectKeys(fields.get('filter'));
    const all = (value: unknown) => ({ filter: Object.fromEntries(keys.map((key) => [key, value])) });
    requests.push(
      ...SQL_FRAGMENTS.map((fragment) => json('SQL in filter', all(fragment))),
      json('SQL in filter', all([SQL_FRAGMENTS[0]])),
      json('SQL in filter', all({ from: "1'", to: "2'" })),
      json('SQL in filter', { filter: { "name') OR 1=1 --": 'x' } }),
    );
  }
  if (fields.has('sort')) {
    const keys = objectKeys(fields.get('sort'));
    requests.push(
      json('SQL in sort', { sort: { 'id; DROP TABLE users; --': 'asc' } }),
      json('SQL in sort', { sort: Object.fromEntries(keys.map((key) => [key, 'asc; DROP TABLE users'])) }),
      json('SQL in sort', { sort: "name'; DROP TABLE users; --" }),
    );
  }
  if (fields.has('columns')) {
    requests.push(json('SQL in columns', { columns: ['id; DROP TABLE users', "name' --"] }));
  }
  if (fields.has('page')) {
    for (const page of [1e9, -1, 1.5, '1', 2 ** 53 + 2]) requests.push(json('page out of range', { page }));
  }
  if (fields.has('limit')) {
    for (const limit of [1e9, -5, '10']) requests.push(json('limit out of range', { limit }));
  }
  return requests;
}

/** Query strings: paging and SQL where a GET might read them, NUL, bad UTF-8 and prototype keys. */
export function hostileQueries(): HostileRequest[] {
  return [
    { family: 'query paging', query: 'page=-1&limit=1000000000' },
    { family: 'query paging', query: 'page=1e9&limit=-5&format=exe' },
    {
      family: 'query SQL',
      query: `search=${encodeURIComponent(SQL_FRAGMENTS[1] as string)}&sort=id%3B%20DROP`,
    },
    { family: 'query NUL', query: 'search=a%00b&format=csv%00' },
    { family: 'query lone surrogate', query: 'search=%ED%A0%80&format=%ED%B0%80' },
    { family: 'query bad UTF-8', query: 'search=%FF%FE&format=%C0' },
    { family: 'query prototype key', query: '__proto__[polluted]=1&constructor[prototype][polluted]=1' },
    { family: 'query long', query: `search=${'x'.repeat(8000)}` },
  ];
}

/**
 * Query strings that must be refused whatever the route does. Percent-encoded lone surrogates are not
 * among them: they are not UTF-8, and the query parser keeps them undecoded.
 */
export function refusedQueries(): HostileRequest[] {
  return hostileQueries().filter((request) => request.family === 'query NUL');
}

/** Values of an `:id` segment that name nothing (already URL-encoded). */
export const HOSTILE_IDS = [UNKNOWN_ID, 'a%00b', '%ED%A0%80', "1'%20OR%20'1'%3D'1", 'x'.repeat(300)];

/** Tables whose rows requests legitimately add to while being refused; see the test for each reason. */
export interface Fingerprint {
  [table: string]: { rows: number; md5: string };
}

/** Each table of the public schema: its row count and an md5 of its rows in a stable order. */
export async function fingerprint(db: Db, skip: ReadonlySet<string>): Promise<Fingerprint> {
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] };
  const prints: Fingerprint = {};
  for (const { name } of tables.rows) {
    if (skip.has(name)) continue;
    const result = (await db.execute(
      sql.raw(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5
         from "${name}" t`,
      ),
    )) as unknown as { rows: { rows: number; md5: string }[] };
    const [row] = result.rows;
    if (row) prints[name] = { rows: Number(row.rows), md5: row.md5 };
  }
  return prints;
}

/** Runs `tasks` with at most `width` of them at once. */
export async function inPool<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
}
