import {
  accountResource,
  cityResource,
  countryResource,
  dayTermResource,
  masterResource,
  type ResourceSpec,
  STAFF_USER_TYPES,
  stateResource,
} from '@facet/contract';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { users } from '../access/user-table.ts';
import { tableFor } from '../db/tables.ts';
import { columnOf } from '../resources/columns.ts';
import { foundOnce, type SyncRun } from './sync-run.ts';

/**
 * A source field naming a related row by its natural key (`countryCode: "BE"`), turned into the
 * reference field our record stores (`countryId`). The stock system does not know our ids.
 */
export interface Lookup {
  source: string;
  target: string;
  /** Names the related row in the rejection: "No country XX was found." */
  what: string;
  /** `values`: the record's fields resolved so far (a state is found within its country). */
  find(run: SyncRun, value: string, values: Readonly<Record<string, unknown>>): Promise<string | undefined>;
}

function sameText(resource: ResourceSpec, key: string, value: string): SQL {
  return eq(sql`lower(${columnOf(tableFor(resource), key)})`, value.toLowerCase());
}

/** The oldest live row matching every condition. */
async function firstLive(run: SyncRun, resource: ResourceSpec, conditions: SQL[]) {
  const table = tableFor(resource);
  const [row] = await run.tx
    .select({ id: columnOf(table, 'id') })
    .from(table)
    .where(and(isNull(columnOf(table, 'deletedAt')), ...conditions))
    .orderBy(asc(columnOf(table, 'createdAt')))
    .limit(1);
  return row?.id as string | undefined;
}

const idOf = (values: Readonly<Record<string, unknown>>, key: string) =>
  typeof values[key] === 'string' ? (values[key] as string) : undefined;

/** A lookup of the oldest live `resource` row whose `key` equals the value, ignoring case. */
function byText(what: string, cachePrefix: string, resource: ResourceSpec, key: string) {
  return (source: string, target: string): Lookup => ({
    source,
    target,
    what,
    find: (run, value) =>
      foundOnce(run, `${cachePrefix}:${value.toLowerCase()}`, () =>
        firstLive(run, resource, [sameText(resource, key, value)]),
      ),
  });
}

export const countryByCode = byText('country', 'country', countryResource, 'code');

/** A state by its code within the record's country (`countryId` resolved before it). */
export const stateByCode = (source: string, target: string): Lookup => ({
  source,
  target,
  what: 'state',
  find: async (run, code, values) => {
    const countryId = idOf(values, 'countryId');
    if (!countryId) return undefined;
    return foundOnce(run, `state:${countryId}:${code.toLowerCase()}`, () =>
      firstLive(run, stateResource, [
        eq(columnOf(tableFor(stateResource), 'countryId'), countryId),
        sameText(stateResource, 'code', code),
      ]),
    );
  },
});

/** A city by its name within the record's state, else within its country. */
export const cityByName = (source: string, target: string): Lookup => ({
  source,
  target,
  what: 'city',
  find: async (run, name, values) => {
    const stateId = idOf(values, 'stateId');
    const countryId = idOf(values, 'countryId');
    const [scopeKey, scope] = stateId
      ? ['stateId', stateId]
      : countryId
        ? ['countryId', countryId]
        : [undefined, undefined];
    if (!scopeKey || !scope) return undefined;
    return foundOnce(run, `city:${scope}:${name.toLowerCase()}`, () =>
      firstLive(run, cityResource, [
        eq(columnOf(tableFor(cityResource), scopeKey), scope),
        sameText(cityResource, 'name', name),
      ]),
    );
  },
});

/** A main master (SHAPE, COLOR, ...) by its code. */
export const mainMasterByCode = (source: string, target: string): Lookup => ({
  source,
  target,
  what: 'main master',
  find: (run, code) =>
    foundOnce(run, `master:${code.toLowerCase()}`, () =>
      firstLive(run, masterResource, [
        isNull(columnOf(tableFor(masterResource), 'parentId')),
        sameText(masterResource, 'code', code),
      ]),
    ),
});

/** A value of the main master `masterCode` by its code (`BUSINESS_TYPE` / `MANUFACTURER`). */
export const masterValueByCode = (source: string, target: string, masterCode: string): Lookup => ({
  source,
  target,
  what: `${masterCode} value`,
  find: async (run, code) => {
    const parentId = await mainMasterByCode('', '').find(run, masterCode, {});
    if (!parentId) return undefined;
    return foundOnce(run, `master:${parentId}:${code.toLowerCase()}`, () =>
      firstLive(run, masterResource, [
        eq(columnOf(tableFor(masterResource), 'parentId'), parentId),
        sameText(masterResource, 'code', code),
      ]),
    );
  },
});

/**
 * A grade of a stone: a value of the main master `masterCode` by its code (`VERY_GOOD`), else by one
 * of its import aliases (`VG`), as stock files spell grades; a code match wins over an alias.
 */
export const gradeByCodeOrAlias = (source: string, target: string, masterCode: string): Lookup => ({
  source,
  target,
  what: `${masterCode} value`,
  find: async (run, code) => {
    const parentId = await mainMasterByCode('', '').find(run, masterCode, {});
    if (!parentId) return undefined;
    const table = tableFor(masterResource);
    const wanted = code.toLowerCase();
    return foundOnce(run, `grade:${parentId}:${wanted}`, async () => {
      const byCode = sql`lower(${columnOf(table, 'code')}) = ${wanted}`;
      const byAlias = sql`exists (select 1 from unnest(${columnOf(table, 'aliases')}) as alias(value) where lower(alias.value) = ${wanted})`;
      const [row] = await run.tx
        .select({ id: columnOf(table, 'id') })
        .from(table)
        .where(
          and(
            isNull(columnOf(table, 'deletedAt')),
            eq(columnOf(table, 'parentId'), parentId),
            sql`(${byCode} or ${byAlias})`,
          ),
        )
        .orderBy(sql`(${byCode}) desc`, asc(columnOf(table, 'createdAt')))
        .limit(1);
      return row?.id as string | undefined;
    });
  },
});

/** A payment term by its name. */
export const dayTermByName = byText('payment term', 'dayTerm', dayTermResource, 'name');

/** A company by its code. */
export const accountByCode = byText('company', 'account', accountResource, 'code');

/** An active staff user (a sales person) by username. */
export const staffByUsername = (source: string, target: string): Lookup => ({
  source,
  target,
  what: 'staff user',
  find: (run, username) =>
    foundOnce(run, `staff:${username.toLowerCase()}`, async () => {
      const [row] = await run.tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.usernameLower, username.toLowerCase()),
            isNull(users.deletedAt),
            eq(users.isActive, true),
            inArray(users.type, [...STAFF_USER_TYPES]),
          ),
        );
      return row?.id;
    }),
});
