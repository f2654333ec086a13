import { STOCK_UPLOAD_MESSAGES } from '@facet/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/sql-rows.ts';
import { withStoneDerivedValues } from '../stock/stone-pricing.ts';
import { stockUploadRows } from './stock-upload-tables.ts';
import { MEASUREMENT_FIELDS, PRICE_FIELDS, type StoneValues } from './upload-row.ts';

interface Candidate {
  row_number: number;
  stock_key: string | null;
  certificate_key: string | null;
}

/** Groups rows that share a stock # or a lab and certificate #, through any chain of them. */
export function duplicateGroups(candidates: readonly Candidate[]): Candidate[][] {
  const parent = new Map<number, number>();
  const find = (row: number): number => {
    let root = row;
    while (parent.get(root) !== root) root = parent.get(root) ?? root;
    parent.set(row, root);
    return root;
  };
  const firstByKey = new Map<string, number>();
  for (const candidate of candidates) {
    parent.set(candidate.row_number, candidate.row_number);
    for (const key of [`s:${candidate.stock_key}`, `c:${candidate.certificate_key}`]) {
      if (key.endsWith(':null')) continue;
      const first = firstByKey.get(key);
      if (first === undefined) firstByKey.set(key, candidate.row_number);
      else parent.set(find(candidate.row_number), find(first));
    }
  }
  const groups = new Map<number, Candidate[]>();
  for (const candidate of candidates) {
    const root = find(candidate.row_number);
    groups.set(root, [...(groups.get(root) ?? []), candidate]);
  }
  return [...groups.values()]
    .filter((group) => group.length > 1)
    .map((group) => group.sort((a, b) => a.row_number - b.row_number));
}

/**
 * Folds duplicates among an upload's good rows into the last row of each group (upload-row's
 * mergeValues); the earlier rows become `merged`, with the row they went into. Answers how many.
 */
export async function mergeDuplicates(db: Db, jobId: string): Promise<number> {
  const good = sql`job_id = ${jobId} and outcome in ('accepted', 'updated')`;
  // Grouped on the (job, stock #) index; only the rows of a repeated key are read back.
  const found = await db.execute(sql`
    select row_number, stock_key, certificate_key from ${stockUploadRows}
    where ${good} and (
      stock_key in (select stock_key from ${stockUploadRows} where ${good} group by stock_key having count(*) > 1)
      or certificate_key in (
        select certificate_key from ${stockUploadRows}
        where ${good} and certificate_key is not null group by certificate_key having count(*) > 1))
    order by row_number`);
  const groups = duplicateGroups(rowsOf<Candidate>(found));
  if (groups.length === 0) return 0;
  const numbers = groups.flat().map((row) => row.row_number);
  const stored = await db.execute(sql`
    select row_number, values from ${stockUploadRows}
    where job_id = ${jobId}
      and row_number in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb)::integer)`);
  const valuesOf = new Map(
    rowsOf<{ row_number: number; values: StoneValues }>(stored).map((row) => [row.row_number, row.values]),
  );
  const kept: { row_number: number; values: StoneValues }[] = [];
  const folded: { row_number: number; reason: string }[] = [];
  for (const group of groups) {
    const last = group[group.length - 1] as Candidate;
    kept.push({
      row_number: last.row_number,
      values: mergeValues(group.map((row) => valuesOf.get(row.row_number) ?? ({} as StoneValues))),
    });
    for (const row of group.slice(0, -1)) {
      const why = row.stock_key !== null && row.stock_key === last.stock_key ? 'stock' : 'certificate';
      folded.push({
        row_number: row.row_number,
        reason: STOCK_UPLOAD_MESSAGES.mergedInto(last.row_number, why),
      });
    }
  }
  await db.execute(sql`
    update ${stockUploadRows} as s set values = k.values
    from jsonb_to_recordset(${JSON.stringify(kept)}::jsonb) as k(row_number integer, values jsonb)
    where s.job_id = ${jobId} and s.row_number = k.row_number`);
  await db.execute(sql`
    update ${stockUploadRows} as s set outcome = 'merged', reasons = array_prepend(f.reason, s.reasons)
    from jsonb_to_recordset(${JSON.stringify(folded)}::jsonb) as f(row_number integer, reason text)
    where s.job_id = ${jobId} and s.row_number = f.row_number`);
  return folded.length;
}

/**
 * Duplicates in one file fold into the last of them: its values win, and what it leaves empty is
 * taken from the earlier rows. Prices and measurements move as groups (a later row's price is never
 * mixed with an earlier row's discount), and the amount is re-derived for the kept carat.
 */
export function mergeValues(rows: readonly StoneValues[]): StoneValues {
  const merged: StoneValues = {};
  const grouped = new Set<string>([...PRICE_FIELDS, ...MEASUREMENT_FIELDS]);
  const hasAny = (values: StoneValues, keys: readonly string[]) =>
    keys.some((key) => values[key] !== null && values[key] !== undefined);
  for (const values of rows) {
    for (const [key, value] of Object.entries(values)) {
      if (grouped.has(key)) continue;
      const empty = value === null || (Array.isArray(value) && value.length === 0);
      if (!empty || !(key in merged)) merged[key] = value;
    }
    for (const group of [PRICE_FIELDS, MEASUREMENT_FIELDS]) {
      if (hasAny(values, group) || !group.some((key) => key in merged)) {
        for (const key of group) if (key in values) merged[key] = values[key];
      }
    }
  }
  if (PRICE_FIELDS.some((key) => key in merged)) {
    // Price per carat wins over the discount, so the kept price and carat give the amount.
    const repriced = withStoneDerivedValues({
      carat: merged.carat,
      rapPrice: merged.rapPrice ?? null,
      marketingBack: merged.marketingPricePerCarat == null ? (merged.marketingBack ?? null) : null,
      marketingPricePerCarat: merged.marketingPricePerCarat ?? null,
    });
    for (const key of PRICE_FIELDS) merged[key] = repriced[key] ?? merged[key] ?? null;
  }
  return merged;
}
