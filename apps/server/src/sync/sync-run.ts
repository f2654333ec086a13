import type { FieldError, SyncRejection } from '@facet/contract';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { HttpError } from '../http/envelope.ts';
import type { Actor } from '../resources/audit-log.ts';
import type { ResourceHooksByName } from '../resources/domain-hooks.ts';

/** One run of one entity: its transaction, who started it, what it did so far, and found ids. */
export interface SyncRun {
  tx: Db;
  /** The resources' domain hooks, which a synchronised write runs like any other. */
  resourceHooks: ResourceHooksByName;
  actor: Actor;
  outcome: SyncOutcome;
  /** Related rows found by natural key during this run (`country:be` → id); misses are not kept. */
  found: Map<string, string>;
}

/** Applies the source's records of one entity inside the run's transaction. */
export interface SyncHandler {
  apply(run: SyncRun, records: readonly unknown[]): Promise<void>;
}

export class SyncOutcome {
  created = 0;
  updated = 0;
  unchanged = 0;
  readonly rejected: SyncRejection[] = [];

  reject(index: number, key: string | null, errors: readonly FieldError[]): void {
    // One message per field is enough to act on.
    const byField = new Map<string, FieldError>();
    for (const error of errors) if (!byField.has(error.field)) byField.set(error.field, error);
    this.rejected.push({ index, key, errors: [...byField.values()] });
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function issuesOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
}

/**
 * Runs a write of one record; a refusal of that record (an HttpError: a duplicate, a reference that
 * is not allowed) rejects it and the run goes on. Anything else fails the whole run.
 */
export async function orReject(
  run: SyncRun,
  index: number,
  key: string | null,
  write: () => Promise<void>,
  fieldName: (field: string) => string = (field) => field,
): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    const errors = error.errors ?? [{ field: '', message: error.message }];
    run.outcome.reject(
      index,
      key,
      errors.map((entry) => ({ ...entry, field: fieldName(entry.field) })),
    );
  }
}

/** Memoises a lookup's hits for the run; a miss is asked again, since the run may create the row. */
export async function foundOnce(
  run: SyncRun,
  cacheKey: string,
  find: () => Promise<string | undefined>,
): Promise<string | undefined> {
  const known = run.found.get(cacheKey);
  if (known) return known;
  const id = await find();
  if (id) run.found.set(cacheKey, id);
  return id;
}
