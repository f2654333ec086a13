import {
  STOCK_UPLOAD_DUPLICATE_ROWS_LISTED,
  STOCK_UPLOAD_DUPLICATES_LISTED,
  STOCK_UPLOAD_MESSAGES,
  type StockUploadDuplicate,
  type StockUploadDuplicatePolicy,
} from '@facet/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/sql-rows.ts';
import { stockUploadRows } from './stock-upload-tables.ts';
import { type DuplicateCandidate, duplicateGroups } from './upload-merge.ts';

interface Candidate extends DuplicateCandidate {
  stock_number: string | null;
}

/** The rows of one group left out, each with its reason, under a policy (none: all of them). */
export function leftOutRows(
  rowNumbers: readonly number[],
  policy: StockUploadDuplicatePolicy | null,
): { row_number: number; reason: string }[] {
  const kept =
    policy === 'keep-last'
      ? rowNumbers[rowNumbers.length - 1]
      : policy === 'keep-first'
        ? rowNumbers[0]
        : undefined;
  const reason =
    kept !== undefined
      ? STOCK_UPLOAD_MESSAGES.duplicateLeftOut(kept)
      : policy === 'skip'
        ? STOCK_UPLOAD_MESSAGES.duplicateSkipped(rowNumbers)
        : STOCK_UPLOAD_MESSAGES.duplicateUnchosen(rowNumbers);
  return rowNumbers.filter((row) => row !== kept).map((row) => ({ row_number: row, reason }));
}

/** A group as the job lists it: its first rows, and how many it has when that is more. */
export function listedRows(duplicate: StockUploadDuplicate): StockUploadDuplicate {
  const { rowNumbers } = duplicate;
  if (rowNumbers.length <= STOCK_UPLOAD_DUPLICATE_ROWS_LISTED) return duplicate;
  return {
    ...duplicate,
    rowNumbers: rowNumbers.slice(0, STOCK_UPLOAD_DUPLICATE_ROWS_LISTED),
    rowCount: rowNumbers.length,
  };
}

export interface DuplicateOutcome {
  /** The first STOCK_UPLOAD_DUPLICATES_LISTED groups, for the job. */
  duplicates: StockUploadDuplicate[];
  /** How many groups there are. */
  groups: number;
  /** Rows set aside as `duplicate`. */
  leftOut: number;
}

/**
 * Finds the good rows of an upload that share a stock # (or a lab and certificate #) and sets aside
 * those the policy does not keep, as `duplicate` with the reason; without a policy every one of them is
 * set aside, so that the person uploading chooses. Rows are never merged: a kept row is applied as the
 * file writes it.
 */
export async function resolveDuplicates(
  db: Db,
  jobId: string,
  policy: StockUploadDuplicatePolicy | null,
): Promise<DuplicateOutcome> {
  const good = sql`job_id = ${jobId} and outcome in ('accepted', 'updated')`;
  // Grouped on the (job, stock #) index; only the rows of a repeated key are read back.
  const found = await db.execute(sql`
    select row_number, stock_number, stock_key, certificate_key from ${stockUploadRows}
    where ${good} and (
      stock_key in (select stock_key from ${stockUploadRows} where ${good} group by stock_key having count(*) > 1)
      or certificate_key in (
        select certificate_key from ${stockUploadRows}
        where ${good} and certificate_key is not null group by certificate_key having count(*) > 1))
    order by row_number`);
  const groups = duplicateGroups(rowsOf<Candidate>(found));
  if (groups.length === 0) return { duplicates: [], groups: 0, leftOut: 0 };
  const duplicates = groups.map((group) => ({
    stockNumbers: [...new Set(group.map((row) => row.stock_number ?? ''))],
    rowNumbers: group.map((row) => row.row_number),
  }));
  const setAside = duplicates.flatMap((duplicate) => leftOutRows(duplicate.rowNumbers, policy));
  await db.execute(sql`
    update ${stockUploadRows} as s set outcome = 'duplicate', reasons = array_prepend(f.reason, s.reasons)
    from jsonb_to_recordset(${JSON.stringify(setAside)}::jsonb) as f(row_number integer, reason text)
    where s.job_id = ${jobId} and s.row_number = f.row_number`);
  return {
    duplicates: duplicates.slice(0, STOCK_UPLOAD_DUPLICATES_LISTED).map(listedRows),
    groups: duplicates.length,
    leftOut: setAside.length,
  };
}
