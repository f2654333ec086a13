import { masterResource, RESOURCES } from '@facet/contract';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { pluralOf, referrersOf, rowNamesOf, type UsageContext } from '../resources/record-usage.ts';
import { SERVER_MODULES } from '../server-modules.ts';
import { tableRowsOf } from './server-module.ts';

const context: UsageContext = {
  db: { _: { fullSchema: schema } } as unknown as Db,
  resources: RESOURCES,
  tableRows: tableRowsOf(SERVER_MODULES),
};

describe('what keeps a record in use', () => {
  it('is read from the foreign keys, those that delete their rows with the record left out', () => {
    const countries = referrersOf(context, 'countries').map((referrer) => referrer.tableName);
    expect(countries).toEqual(expect.arrayContaining(['states', 'cities', 'accounts', 'locations']));
    const masters = referrersOf(context, 'masters').map((referrer) => referrer.tableName);
    expect(masters).toEqual(
      expect.arrayContaining(['masters', 'stones', 'non_cert_criteria', 'layout_masters']),
    );
    // A role's permissions go with it; its users keep it.
    expect(referrersOf(context, 'roles').map((referrer) => referrer.tableName)).toEqual(['users']);
  });

  it('names the rows of every table that points at a resource, so no refusal says a table name', () => {
    const unnamed = RESOURCES.flatMap((resource) =>
      referrersOf(context, resource.table)
        .filter((referrer) => !RESOURCES.some((other) => other.table === referrer.tableName))
        .filter((referrer) => !context.tableRows.has(referrer.tableName))
        .map((referrer) => `${referrer.tableName} → ${resource.table}`),
    );
    expect(unnamed).toEqual([]);
    // And every name a module gives is of a table that exists.
    const names = new Set(
      Object.values(schema)
        .filter((value) => is(value, PgTable))
        .map((table) => getTableName(table as PgTable)),
    );
    expect([...context.tableRows.keys()].filter((table) => !names.has(table))).toEqual([]);
  });

  it('says values for a main master’s values and the plural of a resource title otherwise', () => {
    const [values] = referrersOf(context, 'masters').filter((referrer) => referrer.tableName === 'masters');
    expect(values && rowNamesOf(context, values, masterResource)).toEqual({ one: 'value', many: 'values' });
    expect(['Company', 'City', 'Stone', 'Terms', 'Box', 'Day'].map(pluralOf)).toEqual([
      'Companies',
      'Cities',
      'Stones',
      'Terms',
      'Boxes',
      'Days',
    ]);
  });
});
