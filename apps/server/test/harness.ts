import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BodyIn, DataOf, EndpointSpec } from '@facet/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app.ts';
import { type Config, parseConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import {
  type ApiResponse,
  type EndpointCallOptions,
  requestEndpoint,
  sendRequest,
} from './endpoint-client.ts';

export const ADMIN = { username: 'admin', email: 'Admin@Example.com', password: 'Seeded#Pass1' } as const;

const DB_KIND = process.env.FACET_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * For the postgres project: whether TEST_DATABASE_URL answers. Unreachable fails loudly on CI and skips
 * the suite elsewhere, so a laptop without PostgreSQL still runs the PGlite project.
 */
export async function databaseAvailable(): Promise<boolean> {
  if (DB_KIND === 'pglite') return true;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch (error) {
    const message = `PostgreSQL not reachable at ${redactPassword(TEST_DATABASE_URL)}`;
    if (process.env.CI === 'true') throw new Error(message, { cause: error });
    console.warn(`${message}; skipping`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function redactPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface TestServer {
  url: string;
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  mailbox: Mailbox;
  /** A client whose requests come from `ip` (the app trusts X-Forwarded-For in tests). */
  client(ip?: string): ApiClient;
  close(): Promise<void>;
}

/** A listening server on a random port, with its own fresh database and data folder. */
export async function startServer(
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'database'> & {
    /** Runs on the migrated database before the server is built (a fixture module's own table). */
    prepare?: (database: Database) => Promise<void>;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'facet-test-'));
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (DB_KIND === 'postgres') {
    const name = `facet_t_${randomBytes(6).toString('hex')}`;
    // A copy of the run's migrated template (migrate-once.ts), or else an empty database buildApp migrates.
    const template = inject('templateDatabase');
    await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => adminQuery(`drop database if exists ${name} with (force)`);
  }
  const config = parseConfig({
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: (process.env.TEST_LOG_LEVEL as string | undefined) ?? 'silent',
    TRUST_PROXY: 'true',
    WEB_DIST_DIR: path.join(dataDir, 'web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  // A copy of the run's migrated PGlite folder (migrate-once.ts): each server writes to its own.
  const migratedPglite = inject('migratedPgliteDir');
  if (!config.databaseUrl && migratedPglite) {
    await cp(migratedPglite, path.join(config.dataDir, 'pglite'), { recursive: true });
  }
  // Dropping the test database terminates any connection still idle in the pool; that is expected here.
  const database = await openDatabase({ ...config, onConnectionLost: () => undefined });
  let app: FastifyInstance;
  const { prepare, ...buildOptions } = options;
  try {
    if (prepare) {
      await database.migrate();
      await prepare(database);
    }
    app = await buildApp(config, { ...buildOptions, database });
  } catch (error) {
    await database.close();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const mailbox = new Mailbox(path.join(dataDir, 'mail'));
  return {
    url,
    app,
    database,
    config,
    dataDir,
    mailbox,
    client: (ip = randomIp()) => new ApiClient(url, ip),
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function randomIp(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

export type { ApiResponse } from './endpoint-client.ts';

export class ApiClient {
  readonly userAgent = `facet-test/${randomBytes(3).toString('hex')}`;

  constructor(
    readonly baseUrl: string,
    readonly ip: string,
  ) {}

  #headers(extra: Record<string, string> = {}): Record<string, string> {
    return { 'x-forwarded-for': this.ip, 'user-agent': this.userAgent, ...extra };
  }

  request<T = unknown>(
    method: string,
    apiPath: string,
    options: { body?: unknown; token?: string; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    return sendRequest<T>(this.baseUrl, method, apiPath, {
      ...options,
      headers: this.#headers(options.headers),
    });
  }

  /** Calls a declared endpoint; the body and the answer's data are typed by the contract. */
  call<E extends EndpointSpec>(
    endpoint: E,
    body?: BodyIn<E>,
    options: EndpointCallOptions = {},
  ): Promise<ApiResponse<DataOf<E>>> {
    return requestEndpoint(this.baseUrl, endpoint, body, {
      ...options,
      headers: this.#headers(options.headers),
    });
  }

  post<T = unknown>(apiPath: string, body?: unknown, token?: string) {
    return this.request<T>('POST', apiPath, { body, token });
  }

  get<T = unknown>(apiPath: string, token?: string) {
    return this.request<T>('GET', apiPath, { token });
  }
}

export interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** Reads the .eml files the mailer writes, one new message at a time. */
export class Mailbox {
  readonly #seen = new Set<string>();

  constructor(readonly folder: string) {}

  #files(): string[] {
    try {
      return readdirSync(this.folder)
        .filter((name) => name.endsWith('.eml'))
        .sort();
    } catch {
      return [];
    }
  }

  /** Messages not returned before, oldest first. */
  unread(): Mail[] {
    const fresh = this.#files().filter((name) => !this.#seen.has(name));
    for (const name of fresh) this.#seen.add(name);
    return fresh.map((name) => parseEml(path.join(this.folder, name)));
  }

  /** Waits for the next new message (the reset mail goes out after the answer). */
  async next(timeoutMs = 5000): Promise<Mail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [mail] = this.unread();
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no new mail in ${this.folder}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

function parseEml(file: string): Mail {
  const raw = readFileSync(file, 'utf8');
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  let text = raw.slice(split + 2);
  if (/quoted-printable/i.test(header('Content-Transfer-Encoding'))) {
    text = text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  return { file, to: header('To'), subject: header('Subject'), text };
}

export function extractCode(mail: Mail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail ${mail.file}`);
  return code;
}

export function extractResetId(mail: Mail): string {
  const id = /\/hkadmin\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!id) throw new Error(`no reset link in mail ${mail.file}`);
  return id;
}
