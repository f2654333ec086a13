/**
 * The load benchmark's database: a fresh PostgreSQL database of its own (created, and dropped at the
 * end), the deterministic stock of stock-data.ts, and the staff accounts whose sign-in code requests
 * make part of the load.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { stockInsertStatements } from './stock-data.ts';
import { ADMIN_URL, masterIds, withClient } from './stock-searches.ts';

export interface BenchDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

export async function createDatabase(): Promise<BenchDatabase> {
  const name = `facet_bench_load_${randomBytes(4).toString('hex')}`;
  await withClient(ADMIN_URL, (client) => client.query(`create database ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await withClient(ADMIN_URL, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * Loads `stones` stones as a bulk load would (FK and logging triggers off, one seeded session per CPU),
 * analyses the table and logs the write of the stock, as stock.ts does; the indexes stay, the stock
 * being small enough to index while it loads.
 */
export async function loadStock(url: string, stones: number): Promise<void> {
  const ids = await masterIds(url);
  const parts = Math.max(1, Math.min(os.cpus().length, 4));
  const size = Math.ceil(stones / parts);
  await Promise.all(
    Array.from({ length: parts }, (_, part) =>
      withClient(url, async (loader) => {
        const from = part * size + 1;
        const to = Math.min(stones, from + size - 1);
        if (from > to) return;
        await loader.query('set session_replication_role = replica');
        for (const statement of stockInsertStatements(from, to, part, ids)) await loader.query(statement);
      }),
    ),
  );
  await withClient(url, async (client) => {
    await client.query('vacuum (analyze) stones');
    await client.query(`insert into table_writes (table_name) values ('stones')`);
  });
}

/** The username of the `index`-th account created by createSignInAccounts. */
export const signInUsername = (index: number) => `load${String(index).padStart(4, '0')}`;

/**
 * `count` active staff accounts like the admin (same type and role), each with its own e-mail and the
 * admin's password hash: hashing once per account would cost an argon2 run each, and the code request
 * verifies the password against the stored hash all the same.
 */
export async function createSignInAccounts(url: string, count: number, adminUsername: string): Promise<void> {
  await withClient(url, (client) =>
    client.query(
      `insert into users (type, name, username, username_lower, emails, primary_email_lower, emails_lower,
         password_hash, default_password, role_id)
       select a.type, 'Load ' || g, u.name, u.name,
         jsonb_build_array(jsonb_build_object('value', u.name || '@example.com', 'isPrimary', true)),
         u.name || '@example.com', array[u.name || '@example.com'], a.password_hash, false, a.role_id
       from users a, generate_series(0, $2::int - 1) g, lateral (select 'load' || lpad(g::text, 4, '0') as name) u
       where a.username_lower = lower($1)`,
      [adminUsername, count],
    ),
  );
}
