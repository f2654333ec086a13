import { isDeepStrictEqual } from 'node:util';
import {
  createSchemaOf,
  type FieldError,
  type FieldSpec,
  RESOURCE_MESSAGES,
  type ResourceSpec,
  SYNC_MESSAGES,
} from '@facet/contract';
import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import { tableFor } from '../db/tables.ts';
import { columnOf } from '../resources/columns.ts';
import { createRecord, fieldValues, updateRecord } from '../resources/writes.ts';
import type { Lookup } from './lookups.ts';
import { isRecord, issuesOf, orReject, type SyncHandler, type SyncRun } from './sync-run.ts';

export interface ResourceSyncSpec {
  resource: ResourceSpec;
  /** Source fields that name related rows, resolved in this order. */
  lookups?: readonly Lookup[];
  /**
   * The fields (after lookups) that name one record: the natural key, text compared ignoring case.
   * Those not filled by a lookup must be given; the first text one among them is read in bulk.
   */
  key: readonly string[];
  /** Records for which this holds run first (a main master before the values that name it). */
  runsFirst?: (record: Readonly<Record<string, unknown>>) => boolean;
}

const PRELOAD_CHUNK = 500;

function normalisedText(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toLowerCase() : (value ?? '');
}

/** A value as the column gives it back, so an unchanged record compares equal. */
function stored(spec: FieldSpec | undefined, value: unknown): unknown {
  if (value === null || value === undefined || !spec) return value;
  if (spec.kind === 'datetime') return new Date(value as string).toISOString();
  if (spec.kind === 'decimal' && typeof value === 'number') {
    return Number(value.toFixed(spec.scale ?? 2));
  }
  return value;
}

/**
 * An entity of the stock system kept as records of one of our resources: each source record is
 * validated with the resource's own create schema (related rows named by their natural keys), then
 * created, updated or left alone by its natural key, through the resource's write functions so the
 * trail records each change as `{resource}.sync`. Fields a record leaves out keep their stored value
 * (on create: the declared default); records missing from the list are left as they are.
 */
export function resourceSyncHandler(spec: ResourceSyncSpec): SyncHandler {
  const { resource } = spec;
  const lookups = spec.lookups ?? [];
  const lookupOf = new Map(lookups.map((lookup) => [lookup.target, lookup]));
  for (const lookup of lookups) {
    if (resource.fields[lookup.target]?.kind !== 'reference') {
      throw new Error(`${resource.name}: sync lookup ${lookup.source} fills no reference field`);
    }
  }
  const preloadKey = spec.key.find((key) => resource.fields[key]?.kind === 'text' && !lookupOf.has(key));
  if (!preloadKey) throw new Error(`${resource.name}: the sync key needs a text field`);
  // Reference fields come only through lookups: the stock system does not know our ids.
  const plainFields = Object.entries(resource.fields)
    .filter(([, field]) => field.form !== false && field.kind !== 'reference')
    .map(([key]) => key);
  const schema = createSchemaOf(resource);
  const sourceName = (field: string) => lookupOf.get(field)?.source ?? field;

  const keyOf = (values: Readonly<Record<string, unknown>>) =>
    JSON.stringify(spec.key.map((key) => normalisedText(values[key])));
  const labelOf = (raw: Readonly<Record<string, unknown>>): string | null => {
    const parts = spec.key
      .map((key) => raw[sourceName(key)])
      .filter((part) => typeof part === 'string' || typeof part === 'number')
      .map(String);
    return parts.length ? parts.join('/') : null;
  };

  /** The live rows whose key field matches some record's, keyed by natural key (oldest wins). */
  async function existingRows(run: SyncRun, records: readonly unknown[]) {
    const table = tableFor(resource);
    const wanted = [
      ...new Set(
        records.flatMap((raw) => {
          const value = isRecord(raw) ? raw[preloadKey as string] : undefined;
          return typeof value === 'string' && value.trim() ? [value.trim().toLowerCase()] : [];
        }),
      ),
    ];
    const rows = new Map<string, Record<string, unknown>>();
    for (let start = 0; start < wanted.length; start += PRELOAD_CHUNK) {
      const found = await run.tx
        .select()
        .from(table)
        .where(
          and(
            isNull(columnOf(table, 'deletedAt')),
            inArray(
              sql`lower(${columnOf(table, preloadKey as string)})`,
              wanted.slice(start, start + PRELOAD_CHUNK),
            ),
          ),
        )
        .orderBy(asc(columnOf(table, 'createdAt')), asc(columnOf(table, 'id')));
      for (const row of found) {
        const key = keyOf(row);
        if (!rows.has(key)) rows.set(key, row);
      }
    }
    return rows;
  }

  /** The record as a create body of the resource, or why it cannot be one. */
  async function prepare(
    run: SyncRun,
    raw: Readonly<Record<string, unknown>>,
  ): Promise<{ values: Record<string, unknown> } | { errors: FieldError[] }> {
    const body: Record<string, unknown> = {};
    const errors: FieldError[] = [];
    for (const key of plainFields) if (key in raw) body[key] = raw[key];
    for (const lookup of lookups) {
      if (!(lookup.source in raw)) continue;
      const value = raw[lookup.source];
      if (value === null || value === '') {
        body[lookup.target] = null;
        continue;
      }
      const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
      const id = text ? await lookup.find(run, text, body) : undefined;
      if (id) body[lookup.target] = id;
      else errors.push({ field: lookup.source, message: SYNC_MESSAGES.notFound(lookup.what, text) });
    }
    for (const key of spec.key) {
      const value = body[key];
      if (!lookupOf.has(key) && (value === undefined || value === null || value === '')) {
        const field = resource.fields[key];
        errors.push({ field: key, message: RESOURCE_MESSAGES.required(field?.label ?? key, field?.kind) });
      }
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      errors.push(...issuesOf(parsed.error).map((error) => ({ ...error, field: sourceName(error.field) })));
    }
    if (errors.length > 0 || !parsed.success) return { errors };
    const values = Object.fromEntries(
      Object.entries(parsed.data).map(([key, value]) => [key, stored(resource.fields[key], value)]),
    );
    return { values };
  }

  return {
    async apply(run, records) {
      const existing = await existingRows(run, records);
      const firstSeen = new Map<string, number>();
      const order = records.map((_raw, index) => index);
      if (spec.runsFirst) {
        const first = (index: number) => {
          const raw = records[index];
          return isRecord(raw) && spec.runsFirst?.(raw) ? 0 : 1;
        };
        order.sort((a, b) => first(a) - first(b) || a - b);
      }
      for (const index of order) {
        const raw = records[index];
        if (!isRecord(raw)) {
          run.outcome.reject(index, null, [{ field: '', message: SYNC_MESSAGES.notAnObject }]);
          continue;
        }
        const label = labelOf(raw);
        const prepared = await prepare(run, raw);
        if ('errors' in prepared) {
          run.outcome.reject(index, label, prepared.errors);
          continue;
        }
        const { values } = prepared;
        const key = keyOf(values);
        const earlier = firstSeen.get(key);
        if (earlier !== undefined) {
          run.outcome.reject(index, label, [{ field: '', message: SYNC_MESSAGES.repeated(earlier) }]);
          continue;
        }
        firstSeen.set(key, index);
        const current = existing.get(key);
        await orReject(
          run,
          index,
          label,
          async () => {
            if (!current) {
              await createRecord(
                { db: run.tx, resourceHooks: run.resourceHooks },
                run.actor,
                resource,
                values,
                'sync',
              );
              run.outcome.created += 1;
              return;
            }
            const before = fieldValues(resource, current);
            const same = Object.entries(values).every(([field, value]) =>
              isDeepStrictEqual(before[field] ?? null, value ?? null),
            );
            const changed =
              !same &&
              (await updateRecord(
                { db: run.tx, resourceHooks: run.resourceHooks },
                run.actor,
                resource,
                current.id as string,
                values,
                'sync',
              ));
            if (changed) run.outcome.updated += 1;
            else run.outcome.unchanged += 1;
          },
          sourceName,
        );
      }
    },
  };
}
