import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from '../src/db/client.ts';

/** The server's migrations folder. */
export const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');
const DB_KIND = process.env.FACET_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Journal {
  entries: { tag: string }[];
}

/**
 * A copy of the migrations folder ending just before the first migration whose SQL contains `marker`,
 * to build a database in the shape that migration meets. Remove the folder when done.
 */
export function migrationsBefore(marker: string): string {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as Journal;
  const at = journal.entries.findIndex((entry) =>
    readFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), 'utf8').includes(marker),
  );
  if (at <= 0) throw new Error(`no migration after the first contains ${marker}`);
  const folder = mkdtempSync(path.join(tmpdir(), 'facet-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const kept = journal.entries.slice(0, at);
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.sql'))) {
    if (!kept.some((entry) => `${entry.tag}.sql` === file)) rmSync(path.join(folder, file));
  }
  return folder;
}

/** A database of its own (PGlite in memory, or a fresh PostgreSQL database) migrated step by step. */
export interface Scratch {
  query<T>(text: string): Promise<T[]>;
  /** Several statements in one go. */
  exec(text: string): Promise<void>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

export async function openScratch(): Promise<Scratch> {
  if (DB_KIND === 'pglite') {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const db = drizzlePglite({ client, casing: 'snake_case' });
    return {
      query: async <T>(text: string) => (await client.query<T>(text)).rows,
      exec: async (text) => void (await client.exec(text)),
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `facet_m_${randomBytes(6).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const db = drizzlePg({ client, casing: 'snake_case' });
  return {
    query: async <T>(text: string) => (await client.query(text)).rows as T[],
    exec: async (text) => void (await client.query(text)),
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
