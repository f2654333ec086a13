import type { LoginLogEntry, LoginLogPaginateRequest, PaginateResult } from '@facet/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { likePattern } from '../db/paging.ts';
import { loginLogs } from './login-log-table.ts';
import { deviceOf } from './user-agent-device.ts';

const SORT_COLUMNS = {
  createdAt: loginLogs.createdAt,
  username: loginLogs.username,
  result: loginLogs.result,
} as const;

function whereOf(request: LoginLogPaginateRequest): SQL | undefined {
  const filter = request.filter ?? {};
  const conditions: (SQL | undefined)[] = [];
  if (filter.result !== undefined) {
    conditions.push(
      inArray(loginLogs.result, Array.isArray(filter.result) ? filter.result : [filter.result]),
    );
  }
  if (filter.userId) conditions.push(eq(loginLogs.userId, filter.userId));
  if (filter.username) conditions.push(eq(loginLogs.username, filter.username.toLowerCase()));
  if (filter.from) conditions.push(gte(loginLogs.createdAt, new Date(filter.from)));
  if (filter.to) conditions.push(lt(loginLogs.createdAt, new Date(filter.to)));
  if (request.search) {
    const pattern = likePattern(request.search);
    conditions.push(or(ilike(loginLogs.username, pattern), ilike(loginLogs.ip, pattern)));
  }
  return and(...conditions);
}

function orderOf(request: LoginLogPaginateRequest): SQL[] {
  const order = Object.entries(request.sort ?? {}).flatMap(([key, direction]) =>
    direction
      ? [(direction.toLowerCase() === 'asc' ? asc : desc)(SORT_COLUMNS[key as keyof typeof SORT_COLUMNS])]
      : [],
  );
  // The id breaks ties so pages never overlap.
  return [...(order.length > 0 ? order : [desc(loginLogs.createdAt)]), desc(loginLogs.id)];
}

/** One page of the sign-in attempts the filters and search keep, newest first unless sorted. */
export async function loginLogPage(
  db: Db,
  request: LoginLogPaginateRequest,
): Promise<PaginateResult<LoginLogEntry>> {
  const where = whereOf(request);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(loginLogs)
      .where(where)
      .orderBy(...orderOf(request))
      .limit(request.limit)
      .offset((request.page - 1) * request.limit),
    db.select({ value: count() }).from(loginLogs).where(where),
  ]);
  const list: LoginLogEntry[] = rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    username: row.username,
    result: row.result,
    ip: row.ip,
    userAgent: row.userAgent,
    // Events recorded before devices were named (imports, old rows) are named as the reports name them.
    device: row.device ?? deviceOf(row.userAgent),
    createdAt: row.createdAt.toISOString(),
  }));
  return { list, count: total?.value ?? 0 };
}
