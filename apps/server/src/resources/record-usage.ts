import {
  formatNumber,
  itemNameOf,
  itemNameOfValues,
  lowerFirst,
  quotedTitle,
  RESOURCE_MESSAGES,
  type ResourceSpec,
  recordTitleText,
  USER_REFERENCE,
  upperFirst,
} from '@facet/contract';
import { and, count, eq, getTableColumns, getTableName, is, isNull, or, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import { tableFor } from '../db/tables.ts';
import { HttpError } from '../http/envelope.ts';

/** How a row of a table is named when it keeps a record in use: "1 KYC document", "3 KYC documents". */
export interface RowNames {
  one: string;
  many: string;
}

/** What the guard reads: the database, the resources served, and the names of the other tables' rows. */
export interface UsageContext {
  db: Db;
  resources: readonly ResourceSpec[];
  /** Rows of tables that are not resources, by table name, as the server modules name them. */
  tableRows: ReadonlyMap<string, RowNames>;
}

export function usageContextOf(ctx: Pick<AppContext, 'db' | 'contract' | 'tableRows'>): UsageContext {
  return { db: ctx.db, resources: ctx.contract.resources, tableRows: ctx.tableRows };
}

/** A table whose rows may point at a record: the columns that do, and its soft-delete column. */
export interface Referrer {
  tableName: string;
  table: PgTable;
  columns: PgColumn[];
  deletedAt: PgColumn | undefined;
}

/** "Company" → "companies", "Stone" → "stones", "News and events" stays. */
export function pluralOf(noun: string): string {
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(ss|x|ch|sh)$/i.test(noun)) return `${noun}es`;
  if (/s$/i.test(noun)) return noun;
  return `${noun}s`;
}

/**
 * Every table of the database and of the resources served (a module added at build time has its table
 * built on first use, so it is not in the typed client's schema).
 */
function tablesOf(context: UsageContext): PgTable[] {
  const byName = new Map<string, PgTable>();
  // The typed client holds the whole drizzle schema: every feature's tables, without the engine naming one.
  for (const value of Object.values(context.db._.fullSchema as Record<string, unknown>)) {
    if (is(value, PgTable)) byName.set(getTableName(value), value);
  }
  for (const resource of context.resources) byName.set(resource.table, tableFor(resource));
  return [...byName.values()];
}

const referrersByTarget = new WeakMap<readonly ResourceSpec[], Map<string, Referrer[]>>();

function addReferrer(
  byTarget: Map<string, Referrer[]>,
  target: string,
  table: PgTable,
  column: PgColumn,
): void {
  const config = getTableConfig(table);
  const referrers = byTarget.get(target) ?? [];
  let referrer = referrers.find((known) => known.tableName === config.name);
  if (!referrer) {
    const deletedAt = config.columns.find((candidate) => candidate.name === 'deleted_at');
    referrer = { tableName: config.name, table, columns: [], deletedAt };
    referrers.push(referrer);
  }
  if (!referrer.columns.includes(column)) referrer.columns.push(column);
  byTarget.set(target, referrers);
}

/** The table of panel users, soft-deleted: what keeps one in use is a user field (a sales person). */
const USERS_TABLE = 'users';

/**
 * The tables whose rows keep a row of `target` in use, read from the foreign keys: every key into it
 * but those that delete their rows with it (`on delete cascade`: a part of the record, such as a role's
 * permissions or a layout's stones); and for users, the resources' user fields (a company's sales person).
 */
export function referrersOf(context: UsageContext, target: string): Referrer[] {
  let byTarget = referrersByTarget.get(context.resources);
  if (!byTarget) {
    byTarget = new Map();
    for (const table of tablesOf(context)) {
      for (const key of getTableConfig(table).foreignKeys) {
        if (key.onDelete === 'cascade') continue;
        const reference = key.reference();
        const [column] = reference.columns;
        const targetName = getTableName(reference.foreignTable);
        // Keys into users record who did something (an upload, a note): a user leaves the trail as it is.
        if (!column || reference.columns.length !== 1 || targetName === USERS_TABLE) continue;
        addReferrer(byTarget, targetName, table, column);
      }
    }
    for (const resource of context.resources) {
      const table = tableFor(resource);
      const columns = getTableColumns(table) as Record<string, PgColumn>;
      for (const [key, spec] of Object.entries(resource.fields)) {
        const column = columns[key];
        if (spec.kind === 'reference' && spec.references === USER_REFERENCE && column) {
          addReferrer(byTarget, USERS_TABLE, table, column);
        }
      }
    }
    referrersByTarget.set(context.resources, byTarget);
  }
  return byTarget.get(target) ?? [];
}

/**
 * How the rows of a referring table are named: the title of its resource (a sub-master's values by the
 * label of the view listing them), else as its server module names them, else by the table's name.
 */
export function rowNamesOf(context: UsageContext, referrer: Referrer, target?: ResourceSpec): RowNames {
  const resource = context.resources.find((candidate) => candidate.table === referrer.tableName);
  if (resource) {
    const listing = resource === target ? resource.views.find((view) => view.linkLabel) : undefined;
    if (listing?.linkLabel) {
      const many = lowerFirst(listing.linkLabel);
      return { one: many.replace(/s$/, ''), many };
    }
    const one = itemNameOf(resource);
    return { one, many: pluralOf(one) };
  }
  const named = context.tableRows.get(referrer.tableName);
  if (named) return named;
  const one = referrer.tableName.replace(/_/g, ' ').replace(/s$/, '');
  return { one, many: pluralOf(one) };
}

/** "3 companies", "2 states and 12 cities". */
function listOf(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * The record as the screens name it: "Country 'India'", or "This featured stone" when its title is
 * empty or another record's id.
 */
function recordName(resource: ResourceSpec, row: Record<string, unknown>): string {
  const item = itemNameOfValues(resource, row);
  const title =
    resource.fields[resource.titleField]?.kind === 'reference' ? '' : recordTitleText(resource, row);
  return title ? `${upperFirst(item)} ${quotedTitle(title)}` : `This ${item}`;
}

const USAGE_COUNT_CAP = 1000;

/** What live rows point at the row `id` of `table`: "3 companies", "1 state". */
async function usesOf(
  tx: Db,
  context: UsageContext,
  table: string,
  id: string,
  target?: ResourceSpec,
): Promise<{ uses: string[]; count: number }> {
  const uses: string[] = [];
  let total = 0;
  for (const referrer of referrersOf(context, table)) {
    const pointing = or(...referrer.columns.map((column) => eq(column, id)));
    // Counted up to a cap: a shape used by a whole stock is refused as fast as one used by a stone.
    const using = tx
      .select({ one: sql<number>`1`.as('one') })
      .from(referrer.table)
      .where(and(pointing, referrer.deletedAt ? isNull(referrer.deletedAt) : undefined))
      .limit(USAGE_COUNT_CAP)
      .as('using');
    const [found] = await tx.select({ value: count() }).from(using);
    const value = found?.value ?? 0;
    if (value === 0) continue;
    total += value;
    const names = rowNamesOf(context, referrer, target);
    const counted = value >= USAGE_COUNT_CAP ? `at least ${formatNumber(value)}` : formatNumber(value);
    uses.push(`${counted} ${value === 1 ? names.one : names.many}`);
  }
  return { uses, count: total };
}

/**
 * Refuses to delete a record that live rows still point at, naming what uses it. Called inside the
 * delete's transaction after the record's row is locked (`for update`): a writer pointing a row at it
 * checks it under `for key share` (isLiveTarget) and a foreign key takes that lock too, so a reference
 * written at the same moment either commits before this count sees it, or waits and finds the record gone.
 */
export async function assertNotInUse(
  tx: Db,
  context: UsageContext,
  resource: ResourceSpec,
  row: Record<string, unknown>,
): Promise<void> {
  const { uses, count } = await usesOf(tx, context, resource.table, row.id as string, resource);
  if (uses.length > 0) {
    throw new HttpError(
      'E_CONFLICT',
      RESOURCE_MESSAGES.inUse(recordName(resource, row), listOf(uses), count),
    );
  }
}

/**
 * Refuses to delete a user whom live records name (the sales person of companies): a deleted user
 * would stay on them with no one to act. Called with the user's row locked, as assertNotInUse.
 */
export async function assertUserNotInUse(
  tx: Db,
  context: UsageContext,
  user: { id: string; name: string },
): Promise<void> {
  const { uses, count } = await usesOf(tx, context, USERS_TABLE, user.id);
  if (uses.length > 0) {
    const name = user.name.trim() ? `User ${quotedTitle(user.name.trim())}` : 'This user';
    throw new HttpError('E_CONFLICT', RESOURCE_MESSAGES.inUse(name, listOf(uses), count));
  }
}
