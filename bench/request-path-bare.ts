/**
 * The bare server of the request-path benchmark, in its own process: Fastify with no logger, no hooks
 * and no schemas, and a pg pool with the real server's size and session settings, answering the same
 * three requests as Facet with exactly the SQL Facet runs for them (captured by request-path-sql.ts).
 * Under `/apis/...` each request first runs Facet's session check, as Facet must; under
 * `/no-session/apis/...` it does not, to show what that query costs. The token's session and user are
 * read from its payload without checking the signature (a base64 decode): the SQL is what is compared.
 * Prints `{"port": n}` once listening.
 *
 * Environment: DATABASE_URL, BENCH_CAPTURED_SQL (the JSON file of the captured statements).
 */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyRequest } from 'fastify';
import pg from 'pg';
import { POOL_OPTIONS } from '../apps/server/src/db/client.ts';
import type { CapturedSql, Statement } from './request-path-sql.ts';

const captured = JSON.parse(readFileSync(process.env.BENCH_CAPTURED_SQL ?? '', 'utf8')) as CapturedSql;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, options: POOL_OPTIONS });
const app = Fastify({ logger: false });

/** What a request swaps into the captured parameters, by the value the capture used. */
type Swap = Map<unknown, unknown>;

/**
 * A captured parameter with the request's values: equal values are swapped, JSON texts (the audit's
 * before and after) have theirs swapped inside, and the capture's timestamps become now.
 */
function paramsOf(statement: Statement, swap: Swap): unknown[] {
  return statement.params.map((param) => {
    if (swap.has(param)) return swap.get(param);
    if (typeof param === 'string' && param.startsWith('{')) {
      let text = param;
      for (const [from, to] of swap) {
        if (typeof from === 'string' && from.length > 8)
          text = text.replaceAll(JSON.stringify(from), JSON.stringify(to));
      }
      return text;
    }
    if (typeof param === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(param))
      return new Date().toISOString();
    return param;
  });
}

/**
 * The statements Facet sends as prepared (named) statements, sent so here too: its session check
 * (access/sessions.ts), the read of one record (resources/record-query.ts), and the write's lock, update
 * and audit entry (resources/write-statements.ts, prepared per connection). The others go unnamed, as
 * drizzle sends them.
 */
const NAMED = new Map([
  [captured.session.sql, 'facet_live_session'],
  [captured.read.statements[0]?.sql, 'facet_record_master'],
  ...captured.update.statements
    .filter((statement) => /for update$|^update |^insert into "audit_logs"/.test(statement.sql))
    .map((statement, index): [string, string] => [statement.sql, `facet_write_${index + 1}`]),
]);

const query = (client: pg.Pool | pg.PoolClient, statement: Statement, swap: Swap, rowMode?: 'array') => {
  const name = NAMED.get(statement.sql);
  return client.query({
    text: statement.sql,
    values: paramsOf(statement, swap),
    ...(rowMode ? { rowMode } : {}),
    ...(name ? { name } : {}),
  });
};

/** Rows as drizzle hands them to Facet's handler: objects of the selection's keys, in column order. */
function recordsOf(result: pg.QueryResult<unknown[]>, keys: readonly string[]): Record<string, unknown>[] {
  return result.rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (let index = 0; index < keys.length; index += 1) {
      const value = row[index];
      record[keys[index] as string] = value instanceof Date ? value.toISOString() : value;
    }
    return record;
  });
}

function tokenClaims(request: FastifyRequest): { sessionId: string; userId: string } {
  const token = (request.headers.authorization ?? '').replace(/^JWT /, '');
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    jti: string;
    sub: string;
  };
  return { sessionId: payload.jti, userId: payload.sub };
}

/** Facet's session check; a revoked or expired session is refused here as there. */
async function checkSession(request: FastifyRequest, swap: Swap): Promise<boolean> {
  const { sessionId, userId } = tokenClaims(request);
  swap.set(captured.slots.sessionId, sessionId);
  swap.set(captured.slots.userId, userId);
  const result = await query(pool, captured.session, swap, 'array');
  return result.rows.length === 1;
}

const ok = (message: string, data: unknown) => ({ code: 'OK', message, data });
const unauthorized = { code: 'E_UNAUTHORIZED', message: 'Your session has expired. Please sign in again.' };

for (const prefix of ['', '/no-session']) {
  const withSession = prefix === '';

  app.post(`${prefix}/apis/master/paginate`, async (request, reply) => {
    const swap: Swap = new Map();
    if (withSession && !(await checkSession(request, swap))) return reply.status(401).send(unauthorized);
    const body = request.body as { page: number };
    const statements = captured.paginate.pages[body.page - 1];
    if (!statements) return reply.status(400).send({ code: 'E_BAD_REQUEST', message: 'No such page.' });
    const [rowsStatement, countStatement] = statements as [Statement, Statement];
    const [rows, count] = await Promise.all([
      query(pool, rowsStatement, swap, 'array'),
      query(pool, countStatement, swap, 'array'),
    ]);
    return ok('Master list.', {
      list: recordsOf(rows as pg.QueryResult<unknown[]>, captured.paginate.keys),
      count: Number((count.rows[0] as unknown[])[0]),
    });
  });

  app.get(`${prefix}/apis/master/:id`, async (request, reply) => {
    const swap: Swap = new Map();
    if (withSession && !(await checkSession(request, swap))) return reply.status(401).send(unauthorized);
    swap.set(captured.slots.id, (request.params as { id: string }).id);
    const [statement] = captured.read.statements as [Statement];
    const rows = recordsOf(await query(pool, statement, swap, 'array'), captured.read.keys);
    if (rows.length === 0)
      return reply.status(404).send({ code: 'E_NOT_FOUND', message: 'Record not found.' });
    return ok('Master.', rows[0]);
  });

  app.put(`${prefix}/apis/master/:id`, async (request, reply) => {
    const swap: Swap = new Map();
    if (withSession && !(await checkSession(request, swap))) return reply.status(401).send(unauthorized);
    swap.set(captured.slots.id, (request.params as { id: string }).id);
    swap.set(captured.slots.description, (request.body as { description: string }).description);
    // The first read, the transaction on one connection (begin ... commit), the read of the answer.
    const [first, ...rest] = captured.update.statements as [Statement, ...Statement[]];
    const last = rest.pop() as Statement;
    const before = recordsOf(await query(pool, first, swap, 'array'), captured.update.keys);
    if (before.length === 0)
      return reply.status(404).send({ code: 'E_NOT_FOUND', message: 'Record not found.' });
    swap.set(captured.slots.previous, before[0]?.description ?? null);
    const client = await pool.connect();
    try {
      for (const statement of rest) await query(client, statement, swap);
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    const after = recordsOf(await query(pool, last, swap, 'array'), captured.update.keys);
    return ok('Record updated.', after[0]);
  });
}

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stderr.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
);
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end().then(() => process.exit(0)));
});
