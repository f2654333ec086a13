import {
  formatCarat,
  LAYOUT_MESSAGES,
  type LayoutDetail,
  type LayoutRecord,
  type LayoutStone,
  type layoutPaginateSchema,
  RESOURCE_MESSAGES,
} from '@facet/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { likePattern } from '../db/paging.ts';
import { rowsOf } from '../db/sql-rows.ts';
import { fieldError, HttpError } from '../http/envelope.ts';
import { layouts } from './layout-tables.ts';

export type LayoutListRequest = Omit<z.output<typeof layoutPaginateSchema>, 'page' | 'limit'>;

/**
 * The summary of layout `l`'s live stones (narrowed further by `shown`), one row per layout (a lateral subquery, so a page computes
 * it for its own layouts only). The discount is the layout's as a trader quotes a lot: its amount over
 * its Rap value (Rap price × carat), over the stones having both; the price per carat is the amount
 * over the carats of the priced stones. Grade ranges run from the best grade to the lowest by the
 * masters' sequence (D before F, IF before VS1).
 */
export const layoutSummaryJoin = (shown: SQL = sql``) => sql`left join lateral (
  select
    count(s.id)::int as stone_count,
    coalesce(sum(s.carat), 0)::float8 as carats,
    coalesce(sum(s.amount), 0)::float8 as amount,
    round(
      (sum(s.amount) filter (where s.rap_price > 0)
        / nullif(sum(s.rap_price * s.carat) filter (where s.rap_price > 0 and s.amount is not null), 0) - 1)
        * 100,
      2
    )::float8 as average_discount,
    round(sum(s.amount) / nullif(sum(s.carat) filter (where s.amount is not null), 0), 2)::float8
      as average_price_per_carat,
    (array_agg(c.name order by c.sequence, c.name) filter (where c.id is not null))[1] as color_from,
    (array_agg(c.name order by c.sequence desc, c.name desc) filter (where c.id is not null))[1] as color_to,
    (array_agg(q.name order by q.sequence, q.name) filter (where q.id is not null))[1] as clarity_from,
    (array_agg(q.name order by q.sequence desc, q.name desc) filter (where q.id is not null))[1] as clarity_to,
    min(s.carat)::float8 as carat_from,
    max(s.carat)::float8 as carat_to
  from layout_stones ls
  join stones s on s.id = ls.stone_id and s.deleted_at is null ${shown}
  left join masters c on c.id = s.color_id
  left join masters q on q.id = s.clarity_id
  where ls.layout_id = l.id
) m on true`;

const SUMMARY = layoutSummaryJoin();

const COLUMNS = sql`l.id, l.layout_number, l.name, l.layout_master_id, lm.name as layout_master_title,
  l.description, l.remarks, l.is_active, l.created_at, l.updated_at, l.created_by, l.updated_by,
  m.stone_count, m.carats, m.amount, m.average_discount, m.average_price_per_carat,
  m.color_from, m.color_to, m.clarity_from, m.clarity_to, m.carat_from, m.carat_to`;

const FROM = sql`from layouts l left join layout_masters lm on lm.id = l.layout_master_id ${SUMMARY}`;

/** Sort keys of the contract → their expression; nullable figures sort their nulls last. */
const SORTS: Record<string, { expr: SQL; nullable?: true }> = {
  layoutNumber: { expr: sql`lower(l.layout_number)` },
  name: { expr: sql`lower(l.name)` },
  stoneCount: { expr: sql`m.stone_count` },
  carats: { expr: sql`m.carats` },
  amount: { expr: sql`m.amount` },
  averageDiscount: { expr: sql`m.average_discount`, nullable: true },
  averagePricePerCarat: { expr: sql`m.average_price_per_carat`, nullable: true },
  createdAt: { expr: sql`l.created_at` },
  updatedAt: { expr: sql`l.updated_at` },
};

const RANGES: Record<string, SQL> = {
  stoneCount: sql`m.stone_count`,
  carats: sql`m.carats`,
  amount: sql`m.amount`,
};

const uuid = z.uuid();

function masterCondition(raw: unknown): SQL {
  const values = Array.isArray(raw) ? raw : [raw];
  const refuse = () => fieldError('filter.layoutMasterId', RESOURCE_MESSAGES.invalidOption('Layout master'));
  const ids = values.filter((value) => value !== null);
  for (const id of ids) if (!uuid.safeParse(id).success) throw refuse();
  const parts: SQL[] = [];
  if (ids.length < values.length) parts.push(sql`l.layout_master_id is null`);
  if (ids.length > 0) parts.push(sql`l.layout_master_id = any(${sql.param(ids)}::uuid[])`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

function activeCondition(raw: unknown): SQL {
  const value = raw === 'true' ? true : raw === 'false' ? false : raw;
  if (typeof value !== 'boolean')
    throw fieldError('filter.isActive', RESOURCE_MESSAGES.invalidOption('Active'));
  return sql`l.is_active = ${value}`;
}

function rangeCondition(key: string, expr: SQL, raw: { from?: unknown; to?: unknown }): SQL[] {
  const from = raw.from as number | undefined;
  const to = raw.to as number | undefined;
  if (from !== undefined && to !== undefined && from > to) {
    throw fieldError(`filter.${key}`, RESOURCE_MESSAGES.rangeOrder);
  }
  return [
    ...(from === undefined ? [] : [sql`${expr} >= ${from}`]),
    ...(to === undefined ? [] : [sql`${expr} <= ${to}`]),
  ];
}

/**
 * The live layouts the request's filters and search keep. The search matches the layout's number and
 * name, and the stock and report numbers of its stones: "which layout is this stone in" is a search.
 */
function whereOf(request: LayoutListRequest): { where: SQL; needsSummary: boolean } {
  const conditions: SQL[] = [sql`l.deleted_at is null`];
  let needsSummary = false;
  for (const [key, raw] of Object.entries(request.filter ?? {})) {
    if (raw === undefined) continue;
    if (key === 'layoutMasterId') conditions.push(masterCondition(raw));
    else if (key === 'isActive') conditions.push(activeCondition(raw));
    else {
      const expr = RANGES[key];
      // The schema already refused other keys; this keeps the guarantee local.
      if (!expr) throw fieldError(`filter.${key}`, 'Unknown filter.');
      needsSummary = true;
      conditions.push(...rangeCondition(key, expr, raw as { from?: unknown; to?: unknown }));
    }
  }
  if (request.search) {
    const pattern = likePattern(request.search);
    conditions.push(sql`(l.layout_number ilike ${pattern} or l.name ilike ${pattern} or exists (
      select 1 from layout_stones ls join stones s on s.id = ls.stone_id
      where ls.layout_id = l.id and s.deleted_at is null
        and (s.stock_number ilike ${pattern} or s.certificate_number ilike ${pattern})))`);
  }
  return { where: sql.join(conditions, sql` and `), needsSummary };
}

function orderOf(sort: LayoutListRequest['sort']): SQL {
  const asked = Object.entries(sort ?? {}).flatMap(([key, direction]): [string, string][] =>
    direction ? [[key, direction]] : [],
  );
  const keys: [string, string][] = asked.length ? asked : [['layoutNumber', 'asc']];
  const parts = keys.flatMap(([key, direction]) => {
    const sortKey = SORTS[key];
    if (!sortKey) throw fieldError(`sort.${key}`, 'Unknown sort.');
    const order = sql.raw(direction.toLowerCase() === 'desc' ? 'desc' : 'asc');
    return sortKey.nullable
      ? [sql`(${sortKey.expr} is null)`, sql`${sortKey.expr} ${order}`]
      : [sql`${sortKey.expr} ${order}`];
  });
  return sql.join([...parts, sql`l.id`], sql`, `);
}

/** The columns layoutSummaryJoin adds to a layout's row. */
export interface LayoutSummaryColumns {
  stone_count: number;
  carats: number;
  amount: number;
  average_discount: number | null;
  average_price_per_carat: number | null;
  color_from: string | null;
  color_to: string | null;
  clarity_from: string | null;
  clarity_to: string | null;
  carat_from: number | null;
  carat_to: number | null;
}

interface LayoutRow extends LayoutSummaryColumns {
  id: string;
  layout_number: string;
  name: string;
  layout_master_id: string | null;
  layout_master_title: string | null;
  description: string | null;
  remarks: string | null;
  is_active: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  created_by: string | null;
  updated_by: string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
export const numberOrNull = (value: unknown) =>
  value === null || value === undefined ? null : Number(value);

/** `D-F`, or `E` when the layout holds one grade; null without any. */
export function rangeText(from: string | null, to: string | null): string | null {
  if (from === null || to === null) return from ?? to;
  return from === to ? from : `${from}-${to}`;
}

function toLayoutRecord(row: LayoutRow): LayoutRecord {
  const caratFrom = numberOrNull(row.carat_from);
  const caratTo = numberOrNull(row.carat_to);
  return {
    id: row.id,
    layoutNumber: row.layout_number,
    name: row.name,
    layoutMasterId: row.layout_master_id,
    layoutMasterTitle: row.layout_master_title,
    description: row.description,
    remarks: row.remarks,
    isActive: row.is_active,
    stoneCount: Number(row.stone_count),
    carats: Number(row.carats),
    amount: Number(row.amount),
    averageDiscount: numberOrNull(row.average_discount),
    averagePricePerCarat: numberOrNull(row.average_price_per_carat),
    colorRange: rangeText(row.color_from, row.color_to),
    clarityRange: rangeText(row.clarity_from, row.clarity_to),
    sizeRange:
      caratFrom === null || caratTo === null ? null : rangeText(formatCarat(caratFrom), formatCarat(caratTo)),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    createdBy: row.created_by,
    updatedBy: row.updated_by,
  };
}

/** Refuses a request whose filters or sort are not the contract's (before an export starts its file). */
export function checkLayoutRequest(request: LayoutListRequest): void {
  whereOf(request);
  orderOf(request.sort);
}

/** One page of layouts with their summaries, and the count of the filtered list. */
export async function paginateLayouts(
  db: Db,
  request: LayoutListRequest & { page: number; limit: number },
): Promise<{ list: LayoutRecord[]; count: number }> {
  const { where, needsSummary } = whereOf(request);
  const order = orderOf(request.sort);
  const offset = (request.page - 1) * request.limit;
  // The count needs the summaries only when a figure filters the list.
  const countFrom = needsSummary ? FROM : sql`from layouts l`;
  const [rows, totals] = await Promise.all([
    db.execute(
      sql`select ${COLUMNS} ${FROM} where ${where} order by ${order} limit ${request.limit} offset ${offset}`,
    ),
    db.execute(sql`select count(*)::int as count ${countFrom} where ${where}`),
  ]);
  const [total] = rowsOf<{ count: number }>(totals);
  return { list: rowsOf<LayoutRow>(rows).map(toLayoutRecord), count: Number(total?.count ?? 0) };
}

/** The whole filtered, sorted list in pages of `size` (an export). */
export async function* layoutBatches(
  db: Db,
  request: LayoutListRequest,
  size: number,
): AsyncGenerator<LayoutRecord[]> {
  for (let page = 1; ; page += 1) {
    const { list } = await paginateLayouts(db, { ...request, page, limit: size });
    if (list.length > 0) yield list;
    if (list.length < size) return;
  }
}

/** A live layout with its summary, or undefined. */
export async function readLayout(db: Db, id: string): Promise<LayoutRecord | undefined> {
  const [row] = rowsOf<LayoutRow>(
    await db.execute(sql`select ${COLUMNS} ${FROM} where l.id = ${id} and l.deleted_at is null`),
  );
  return row ? toLayoutRecord(row) : undefined;
}

interface StoneRow {
  id: string;
  position: number;
  stock_number: string;
  certificate_number: string | null;
  status: string;
  lab_title: string | null;
  shape_title: string | null;
  carat: number | string;
  color_title: string | null;
  clarity_title: string | null;
  cut_title: string | null;
  polish_title: string | null;
  symmetry_title: string | null;
  fluorescence_title: string | null;
  rap_price: number | string | null;
  marketing_back: number | string | null;
  marketing_price_per_carat: number | string | null;
  amount: number | string | null;
}

/** The live stones of a layout, in its order, with their grades' names. */
export async function layoutStonesOf(db: Db, layoutId: string): Promise<LayoutStone[]> {
  const title = (alias: string, column: string) =>
    sql.raw(`(select name from masters where id = s.${column}) as ${alias}`);
  const rows = rowsOf<StoneRow>(
    await db.execute(sql`select s.id, ls.position, s.stock_number, s.certificate_number, s.status,
      ${title('lab_title', 'lab_id')}, ${title('shape_title', 'shape_id')}, s.carat::float8 as carat,
      ${title('color_title', 'color_id')}, ${title('clarity_title', 'clarity_id')},
      ${title('cut_title', 'cut_id')}, ${title('polish_title', 'polish_id')},
      ${title('symmetry_title', 'symmetry_id')}, ${title('fluorescence_title', 'fluorescence_id')},
      s.rap_price::float8 as rap_price, s.marketing_back::float8 as marketing_back,
      s.marketing_price_per_carat::float8 as marketing_price_per_carat, s.amount::float8 as amount
    from layout_stones ls join stones s on s.id = ls.stone_id and s.deleted_at is null
    where ls.layout_id = ${layoutId}
    order by ls.position, s.stock_number`),
  );
  return rows.map((row) => ({
    id: row.id,
    position: Number(row.position),
    stockNumber: row.stock_number,
    certificateNumber: row.certificate_number,
    status: row.status,
    labTitle: row.lab_title,
    shapeTitle: row.shape_title,
    carat: Number(row.carat),
    colorTitle: row.color_title,
    clarityTitle: row.clarity_title,
    cutTitle: row.cut_title,
    polishTitle: row.polish_title,
    symmetryTitle: row.symmetry_title,
    fluorescenceTitle: row.fluorescence_title,
    rapPrice: numberOrNull(row.rap_price),
    marketingBack: numberOrNull(row.marketing_back),
    marketingPricePerCarat: numberOrNull(row.marketing_price_per_carat),
    amount: numberOrNull(row.amount),
  }));
}

/** The layout with its stones and summary: what the view, and every write, answers. */
export async function layoutDetail(db: Db, id: string): Promise<LayoutDetail> {
  const layout = await readLayout(db, id);
  if (!layout) throw new HttpError('E_NOT_FOUND', LAYOUT_MESSAGES.notFound);
  return { ...layout, stones: await layoutStonesOf(db, id) };
}

/** Deleted layouts keep their history; an id that never existed has none to show. */
export async function assertLayoutExisted(db: Db, id: string): Promise<void> {
  const [row] = await db.select({ id: layouts.id }).from(layouts).where(eq(layouts.id, id));
  if (!row) throw new HttpError('E_NOT_FOUND', LAYOUT_MESSAGES.notFound);
}
