import {
  type AuditEntry,
  auditReferencesOf,
  auditSubjectOf,
  CONTRACT,
  type FieldSpec,
  isUuid,
  RESOURCE_BY_NAME,
  type ResourceSpec,
} from '@facet/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/sql-rows.ts';
import { snakeCase } from '../db/table-of.ts';
import { tableFor } from '../db/tables.ts';
import { columnOf, titleOf } from './columns.ts';

type TitleReader = (db: Db, ids: readonly string[]) => Promise<Array<{ id: string; title: unknown }>>;

/** A resource's title column; a title that is itself a reference reads the title it points at. */
function titleColumnOf(resource: ResourceSpec, spec: FieldSpec): PgColumn | SQL {
  return spec.kind === 'reference'
    ? titleOf(resource, resource.titleField, spec)
    : columnOf(tableFor(resource), resource.titleField);
}

function resourceTitles(resource: ResourceSpec): TitleReader {
  const spec = resource.fields[resource.titleField] as FieldSpec;
  return async (db, ids) => {
    const table = tableFor(resource);
    const rows = await db
      .select({ id: columnOf(table, 'id'), title: titleColumnOf(resource, spec) })
      .from(table)
      .where(inArray(columnOf(table, 'id'), ids));
    if (spec.kind !== 'enum') return rows as Array<{ id: string; title: unknown }>;
    return rows.map((row) => ({
      id: row.id as string,
      title: spec.options?.find((option) => option.value === row.title)?.label ?? row.title,
    }));
  };
}

/**
 * A declared entity's titles (a user's name, a KYC document's type), read from the table and title field
 * its declaration names: identifiers from the contract, the ids as parameters.
 */
function declaredTitles(table: string, titleField: string): TitleReader {
  return async (db, ids) =>
    rowsOf<{ id: string; title: unknown }>(
      await db.execute(
        sql`select id::text as id, ${sql.identifier(snakeCase(titleField))} as title from ${sql.identifier(
          table,
        )} where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
    );
}

function readerOf(target: string): TitleReader | undefined {
  const resource = RESOURCE_BY_NAME.get(target);
  if (resource) return resourceTitles(resource);
  const subject = auditSubjectOf(CONTRACT, target);
  return subject.table && subject.titleField ? declaredTitles(subject.table, subject.titleField) : undefined;
}

/**
 * Answers each entry with the names behind its ids: its own record's and those of the rows its fields
 * point at (countries, master values, companies, users...). One query per table a page points into,
 * whatever the number of entries. Deleted rows keep their names; an id that reads nothing is left out.
 */
export async function withNames(db: Db, entries: readonly AuditEntry[]): Promise<AuditEntry[]> {
  const wanted = new Map<string, Set<string>>();
  const perEntry = entries.map((entry) => {
    const subject = auditSubjectOf(CONTRACT, entry.entityType);
    const own = new Map<string, Set<string>>([[entry.entityType, new Set([entry.entityId])]]);
    auditReferencesOf(subject, entry.before, own);
    auditReferencesOf(subject, entry.after, own);
    for (const [target, ids] of own) {
      let all = wanted.get(target);
      if (!all) {
        all = new Set();
        wanted.set(target, all);
      }
      for (const id of ids) all.add(id);
    }
    return own;
  });
  const names = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async ([target, ids]) => {
      const reader = readerOf(target);
      const valid = [...ids].filter((id) => isUuid(id));
      if (!reader || valid.length === 0) return;
      for (const row of await reader(db, valid)) {
        if (row.title !== null && row.title !== undefined && row.title !== '')
          names.set(`${target}:${row.id}`, String(row.title));
      }
    }),
  );
  return entries.map((entry, index) => {
    const own: Record<string, string> = {};
    for (const [target, ids] of perEntry[index] ?? []) {
      for (const id of ids) {
        const name = names.get(`${target}:${id}`);
        if (name !== undefined) own[id] = name;
      }
    }
    return { ...entry, names: own };
  });
}
