/**
 * Vitest global setup of the projects that start servers: the migrations run once per run, not once per
 * server. On PostgreSQL a migrated template database is created, and each test server's database is a
 * copy of it (`create database … template …`); on PGlite a migrated data folder is made, and each server
 * starts on a copy of that folder. `buildApp` still migrates, and finds nothing left to do.
 *
 * Databases that must meet an older migration (scratch-migrations.ts) are built step by step, not here.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder, closed; copy it, never open it in place. */
    migratedPgliteDir: string;
    /** A migrated PostgreSQL database to create test databases from; it must stay without connections. */
    templateDatabase: string;
  }
}

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A migrated PGlite data folder, and how to remove it. */
async function migratedPglite(): Promise<{ dataDir: string; remove: () => void }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'facet-migrated-'));
  const remove = () => rmSync(folder, { recursive: true, force: true });
  try {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: folder });
    await database.migrate().finally(() => database.close());
  } catch (error) {
    remove();
    throw error;
  }
  return { dataDir: path.join(folder, 'pglite'), remove };
}

/** A migrated PostgreSQL database without connections, and how to drop it. */
async function migratedTemplate(): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `facet_template_${randomBytes(6).toString('hex')}`;
  const drop = () => adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir() });
    // Closed before use: a template with an open connection cannot be copied.
    await database.migrate().finally(() => database.close());
  } catch (error) {
    await drop().catch(() => undefined);
    throw error;
  }
  return { name, drop };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.FACET_TEST_DB === 'postgres') {
    let template: Awaited<ReturnType<typeof migratedTemplate>>;
    try {
      template = await migratedTemplate();
    } catch (error) {
      // Without a template each server migrates its own database; unreachable PostgreSQL is reported by
      // the suite itself (databaseAvailable in harness.ts), loudly on CI.
      console.warn(`No migrated template database: ${(error as Error).message}`);
      return async () => undefined;
    }
    project.provide('templateDatabase', template.name);
    return template.drop;
  }
  const pglite = await migratedPglite();
  project.provide('migratedPgliteDir', pglite.dataDir);
  return async () => pglite.remove();
}
