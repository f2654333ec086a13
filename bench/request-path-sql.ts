/**
 * The SQL Facet runs for the request-path benchmark's three requests, captured from drizzle's logger
 * while the server's own functions run them (the session check, paginate, read, update), so that the
 * bare server of request-path-bare.ts sends exactly the same statements. Parameters are kept as
 * captured; the bare server replaces the request's own values (ids, the written text, the time) by
 * their slot, named here.
 */
import { masterResource } from '@facet/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { AuthContext } from '../apps/server/src/access/authenticate.ts';
import { findLiveSession } from '../apps/server/src/access/sessions.ts';
import { POOL_OPTIONS } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { paginateRecords, readRecord } from '../apps/server/src/resources/read.ts';
import { updateRecord } from '../apps/server/src/resources/writes.ts';

export interface Statement {
  sql: string;
  params: unknown[];
}

/** What one request sends, in order, and the keys of the records drizzle builds from its rows. */
export interface CapturedRequest {
  statements: Statement[];
  keys: string[];
}

export interface CapturedSql {
  session: Statement;
  /** Per page (drizzle writes no offset for the first): the rows, then the count, sent side by side. */
  paginate: { pages: Statement[][]; keys: string[] };
  read: CapturedRequest;
  /** The update without the session check: read, begin, lock, update, audit, commit, read. */
  update: CapturedRequest;
  /** The values the capture used, which the bare server swaps for each request's own. */
  slots: { sessionId: string; userId: string; id: string; description: string; previous: string | null };
}

export const PAGE_LIMIT = 50;

/** The pages the benchmark asks for, in turn. */
export const PAGES = 20;

export function paginateBody(parentId: string, page: number) {
  return { page, limit: PAGE_LIMIT, filter: { parentId } };
}

/** Runs the server's functions once each on `url` and answers the statements drizzle sent. */
export async function captureSql(options: {
  url: string;
  sessionId: string;
  userId: string;
  parentId: string;
  recordId: string;
}): Promise<CapturedSql> {
  const pool = new pg.Pool({ connectionString: options.url, options: POOL_OPTIONS });
  let captured: Statement[] = [];
  const db = drizzle({
    client: pool,
    schema,
    casing: 'snake_case',
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  });
  const take = () => {
    const taken = captured;
    captured = [];
    return taken;
  };
  try {
    const found = await findLiveSession(db, options.sessionId, options.userId);
    if (!found) throw new Error('the signed-in session is not live');
    const [session] = take();
    if (!session) throw new Error('the session check sent no SQL');

    const pages: Statement[][] = [];
    let keys: string[] = [];
    for (let number = 1; number <= PAGES; number += 1) {
      const page = await paginateRecords(db, masterResource, paginateBody(options.parentId, number));
      if (page.list.length !== PAGE_LIMIT) throw new Error(`page ${number} has ${page.list.length} rows`);
      keys = Object.keys(page.list[0] ?? {});
      // Sent side by side, logged in either order: the page's rows first.
      const [rows, count] = take().sort(
        (a, b) => Number(b.sql.includes('picked')) - Number(a.sql.includes('picked')),
      );
      if (!rows || !count?.sql.startsWith('select count(*)')) throw new Error('paginate sent other SQL');
      pages.push([rows, count]);
    }

    const record = await readRecord(db, masterResource, options.recordId);
    if (!record) throw new Error('the record to read is missing');
    const read = take();

    const description = `Bench capture ${Date.now()}`;
    const auth = { user: found.user } as unknown as AuthContext;
    await readRecord(db, masterResource, options.recordId);
    const changed = await updateRecord(
      { db, resourceHooks: new Map() },
      { auth, client: { ip: '127.0.0.1', userAgent: '' } },
      masterResource,
      options.recordId,
      { description },
    );
    if (!changed) throw new Error('the captured update changed nothing');
    await readRecord(db, masterResource, options.recordId);
    const update = take();
    return {
      session,
      paginate: { pages, keys },
      read: { statements: read, keys: Object.keys(record) },
      update: { statements: update, keys: Object.keys(record) },
      slots: {
        sessionId: options.sessionId,
        userId: options.userId,
        id: options.recordId,
        description,
        previous: (record as { description?: string | null }).description ?? null,
      },
    };
  } finally {
    await pool.end();
  }
}
