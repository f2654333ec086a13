import { type FieldSpec, STOCK_UPLOAD_MESSAGES, type StockUploadMode, stoneResource } from '@facet/contract';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { LOCK_KEYS } from '../db/lock-keys.ts';
import { masters, stones } from '../db/resource-tables.ts';
import { rowsOf } from '../db/sql-rows.ts';
import { auditLogs } from '../resources/audit-table.ts';
import { columnOf } from '../resources/columns.ts';
import { referrersOf, type UsageContext } from '../resources/record-usage.ts';
import { stockUploadRows, stockUploads } from './stock-upload-tables.ts';

/** Applies of every instance take turns: two replace-alls at once would each remove the other's stones. */

export interface ApplyActor {
  userId: string;
  ip: string;
  userAgent: string;
}

export interface AppliedCounts {
  accepted: number;
  updated: number;
  removed: number;
  /** Good rows rejected at the last moment: a master value they name was deleted meanwhile. */
  rejected: number;
  /** Replace-all: stones absent from the file that were kept, as live rows use them. */
  keptInUse: number;
}

const FIELDS = Object.entries(stoneResource.fields) as [string, FieldSpec][];
const RESOURCE = stoneResource.name;

const column = (key: string): PgColumn => columnOf(stones, key);
const ident = (name: string) => sql.identifier(name);
const raw = (text: string) => sql.raw(text);
/** A field key as a SQL string literal: keys are identifiers, checked here, so quoting is safe. */
const literal = (key: string) => {
  if (!/^[A-Za-z0-9_]+$/.test(key)) throw new Error(`unexpected field key ${key}`);
  return raw(`'${key}'`);
};

/** `v("stockNumber" text, "carat" numeric(7, 3), ...)`: a staged row's values as typed columns. */
const RECORD_TYPE = sql.join(
  FIELDS.map(([key]) => sql`${ident(key)} ${raw(column(key).getSQLType())}`),
  sql`, `,
);

/** What a new stone takes when the file leaves a field out: the declared default. */
function insertValue(key: string, spec: FieldSpec): SQL {
  const value = sql`v.${ident(key)}`;
  if (spec.kind === 'textList') return sql`coalesce(${value}, '{}'::text[])`;
  if (spec.kind === 'boolean') return sql`coalesce(${value}, ${spec.defaultValue === true})`;
  if (
    spec.defaultValue !== undefined &&
    spec.defaultValue !== null &&
    typeof spec.defaultValue !== 'object'
  ) {
    return sql`coalesce(${value}, ${spec.defaultValue})`;
  }
  return value;
}

/**
 * An updated stone takes the fields the file speaks about (a staged key, null included) and keeps the
 * others. The required ones are never emptied. A file without prices keeps the price per carat and
 * re-derives the amount for a new carat (amount = price/ct × carat).
 */
function updateValue(key: string, spec: FieldSpec): SQL {
  const current = sql`s.${ident(column(key).name)}`;
  const staged = sql`v.${ident(key)}`;
  const written = spec.required || spec.kind === 'boolean' ? sql`coalesce(${staged}, ${current})` : staged;
  if (key === 'amount') {
    return sql`case when r.values ? 'amount' then ${staged}
      when r.values ? 'carat' then round(s.${ident(column('marketingPricePerCarat').name)} * v.${ident('carat')}, 2)
      else ${current} end`;
  }
  return sql`case when r.values ? ${literal(key)} then ${written} else ${current} end`;
}

function auditColumns(): SQL {
  return sql`(${ident('action')}, ${ident('entity_type')}, ${ident('entity_id')}, ${ident('actor_id')},
    ${ident('before')}, ${ident('after')}, ${ident('ip')}, ${ident('user_agent')})`;
}

async function count(tx: Db, query: SQL): Promise<number> {
  const [row] = rowsOf<{ count: number | string }>(await tx.execute(query));
  return Number(row?.count ?? 0);
}

/** Rows staged `accepted` whose stock # a live stone now has, and the reverse, after a concurrent write. */
async function reclassify(tx: Db, jobId: string): Promise<void> {
  const live = sql`exists (select 1 from ${stones} s where lower(s.${ident(column('stockNumber').name)}) = r.stock_key
    and s.deleted_at is null)`;
  await tx.execute(sql`update ${stockUploadRows} r set outcome = 'updated'
    where r.job_id = ${jobId} and r.outcome = 'accepted' and ${live}`);
  await tx.execute(sql`update ${stockUploadRows} r set outcome = 'accepted', stone_id = coalesce(stone_id, gen_random_uuid())
    where r.job_id = ${jobId} and r.outcome = 'updated' and not ${live}`);
}

const MASTER_FIELDS = FIELDS.filter(([, spec]) => spec.kind === 'reference' && spec.references === 'master');

/**
 * Rows naming a master value deleted since the file was read are rejected. The values the others name
 * are held (`for key share`) until the stock is written: a delete of one waits, then finds it in use.
 */
export async function rejectDeletedMasters(tx: Db, jobId: string): Promise<number> {
  const named = sql.join(
    MASTER_FIELDS.map(([key]) => sql`(r.values ->> ${literal(key)})::uuid`),
    sql`, `,
  );
  const good = sql`r.job_id = ${jobId} and r.outcome in ('accepted', 'updated')`;
  await tx.execute(sql`select m.id from ${masters} m
    where m.id in (select unnest(array[${named}]) from ${stockUploadRows} r where ${good})
    order by m.id for key share`);
  return count(
    tx,
    sql`with rejected as (
      update ${stockUploadRows} r set outcome = 'rejected', reasons = array[${STOCK_UPLOAD_MESSAGES.valueDeleted}]
      where ${good} and exists (
        select 1 from ${masters} m where m.deleted_at is not null and m.id in (${named}))
      returning 1
    )
    select count(*) as count from rejected`,
  );
}

/**
 * A stone `s` that live rows point at (a featured stone, a comment): the same uses that refuse its
 * delete on the Stock screen (record-usage.ts).
 */
function stoneInUse(usage: UsageContext): SQL {
  const uses = referrersOf(usage, getTableName(stones)).map(
    (referrer) =>
      sql`exists (select 1 from ${referrer.table} where (${sql.join(
        referrer.columns.map((using) => sql`${using} = s.id`),
        sql` or `,
      )})${referrer.deletedAt ? sql` and ${referrer.deletedAt} is null` : sql``})`,
  );
  return uses.length > 0 ? sql`(${sql.join(uses, sql` or `)})` : sql`false`;
}

/** A live stone `s` whose stock # no row of the file names (rejected rows included). */
const absentFromFile = (jobId: string) => sql`s.deleted_at is null and not exists (
        select 1 from ${stockUploadRows} r
        where r.job_id = ${jobId} and r.stock_key = lower(s.${ident(column('stockNumber').name)}))`;

/**
 * Replace-all: every live stone absent from the file is removed, but those in use, which are kept and
 * counted (the job says so): the file replaces the stock, not what the house did with its stones.
 */
async function removeAbsent(
  tx: Db,
  jobId: string,
  actor: ApplyActor,
  usage: UsageContext,
): Promise<{ removed: number; keptInUse: number }> {
  const inUse = stoneInUse(usage);
  const keptInUse = await count(
    tx,
    sql`select count(*) as count from ${stones} s where ${absentFromFile(jobId)} and ${inUse}`,
  );
  const removed = await count(
    tx,
    sql`with removed as (
      update ${stones} s set deleted_at = now(), updated_at = now(), updated_by = ${actor.userId}
      where ${absentFromFile(jobId)} and not ${inUse}
      returning s.id, s.${ident(column('stockNumber').name)} as stock_number
    ), logged as (
      insert into ${auditLogs} ${auditColumns()}
      select ${`${RESOURCE}.delete`}, ${RESOURCE}, id, ${actor.userId}::uuid,
             jsonb_build_object('stockNumber', stock_number, 'stockUploadId', ${jobId}::text), null,
             ${actor.ip}, ${actor.userAgent}
      from removed
    )
    select count(*) as count from removed`,
  );
  return { removed, keptInUse };
}

/** Field key → column name, so a stored row read whole (`to_jsonb`, fast) is compared by field key. */
const COLUMN_NAMES = JSON.stringify(Object.fromEntries(FIELDS.map(([key]) => [key, column(key).name])));

/** Updated rows whose values differ from the stone: the stone changes, its history shows the change. */
async function updateChanged(tx: Db, jobId: string, actor: ApplyActor): Promise<void> {
  const assignments = sql.join(
    FIELDS.map(([key, spec]) => sql`${ident(column(key).name)} = ${updateValue(key, spec)}`),
    sql`, `,
  );
  const stored = sql`coalesce(stored -> (names ->> n.key), 'null'::jsonb)`;
  // Materialised: computed once per row, not once per compared key.
  await tx.execute(sql`with source as materialized (
      select s.id, r.values as staged, to_jsonb(s) as stored, ${COLUMN_NAMES}::jsonb as names
      from ${stockUploadRows} r
      join ${stones} s on lower(s.${ident(column('stockNumber').name)}) = r.stock_key and s.deleted_at is null
      where r.job_id = ${jobId} and r.outcome = 'updated'
    ), changed as materialized (
      select id, before, after from (
        select id,
          (select jsonb_object_agg(n.key, ${stored}) from jsonb_each(staged) n
            where ${stored} is distinct from n.value) as before,
          (select jsonb_object_agg(n.key, n.value) from jsonb_each(staged) n
            where ${stored} is distinct from n.value) as after
        from source
      ) diff
      where after is not null
    ), written as (
      update ${stones} s set ${assignments}, updated_at = now(), updated_by = ${actor.userId}
      from ${stockUploadRows} r cross join lateral jsonb_to_record(r.values) as v(${RECORD_TYPE})
      where r.job_id = ${jobId} and r.outcome = 'updated'
        and lower(s.${ident(column('stockNumber').name)}) = r.stock_key and s.deleted_at is null
        and s.id in (select id from changed)
      returning s.id
    )
    insert into ${auditLogs} ${auditColumns()}
    select ${`${RESOURCE}.update`}, ${RESOURCE}, id, ${actor.userId}::uuid, before,
           after || jsonb_build_object('stockUploadId', ${jobId}::text), ${actor.ip}, ${actor.userAgent}
    from changed`);
}

/** The stone's arrival date: a new stone the file gives none arrives on the day of its upload. */
const ARRIVAL_DATE = 'marketingIssueDate';

/**
 * Accepted rows become new stones, under the ids chosen when they were staged; one the file gives no
 * arrival date takes the upload's date (UTC), so that it is found among new arrivals. Each gets a `create`
 * entry naming the upload and its row, whose values the upload keeps: copying ninety fields into the
 * trail for every stone of a large file would double the cost of applying it.
 */
async function insertNew(tx: Db, jobId: string, actor: ApplyActor): Promise<void> {
  const columns = sql.join(
    FIELDS.map(([key]) => ident(column(key).name)),
    sql`, `,
  );
  const uploadDate = sql`(select (${stockUploads.createdAt} at time zone 'UTC')::date from ${stockUploads}
    where ${stockUploads.id} = ${jobId})`;
  const values = sql.join(
    FIELDS.map(([key, spec]) =>
      key === ARRIVAL_DATE ? sql`coalesce(v.${ident(key)}, ${uploadDate})` : insertValue(key, spec),
    ),
    sql`, `,
  );
  const accepted = sql`r.job_id = ${jobId} and r.outcome = 'accepted'`;
  await tx.execute(sql`insert into ${stones} (id, ${columns}, created_by, updated_by)
    select r.stone_id, ${values}, ${actor.userId}::uuid, ${actor.userId}::uuid
    from ${stockUploadRows} r cross join lateral jsonb_to_record(r.values) as v(${RECORD_TYPE})
    where ${accepted}`);
  await tx.execute(sql`insert into ${auditLogs} ${auditColumns()}
    select ${`${RESOURCE}.create`}, ${RESOURCE}, r.stone_id, ${actor.userId}::uuid, null,
           jsonb_build_object('stockNumber', r.stock_number, 'stockUploadId', ${jobId}::text,
             'stockUploadRow', r.row_number),
           ${actor.ip}, ${actor.userAgent}
    from ${stockUploadRows} r where ${accepted}`);
}

async function countOutcome(tx: Db, jobId: string, outcome: string): Promise<number> {
  return count(
    tx,
    sql`select count(*) as count from ${stockUploadRows} where job_id = ${jobId} and outcome = ${outcome}`,
  );
}

/**
 * Applies a staged upload in the caller's transaction: waits its turn, settles each good row as new or
 * existing against the stock as it is now, removes absent stones (replace-all), then updates and
 * inserts. Either all of it commits with the caller's job update, or none of it.
 */
export async function applyStagedUpload(
  tx: Db,
  jobId: string,
  mode: StockUploadMode,
  actor: ApplyActor,
  usage: UsageContext,
): Promise<AppliedCounts> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEYS.stockApply})`);
  await reclassify(tx, jobId);
  const rejected = await rejectDeletedMasters(tx, jobId);
  const { removed, keptInUse } =
    mode === 'replace-all' ? await removeAbsent(tx, jobId, actor, usage) : { removed: 0, keptInUse: 0 };
  await updateChanged(tx, jobId, actor);
  await insertNew(tx, jobId, actor);
  return {
    accepted: await countOutcome(tx, jobId, 'accepted'),
    updated: await countOutcome(tx, jobId, 'updated'),
    removed,
    rejected,
    keptInUse,
  };
}
