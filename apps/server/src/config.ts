import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PORT, STOCK_UPLOAD_DEFAULT_MAX_MB } from '@facet/contract';
import webPush from 'web-push';
import { z } from 'zod';
import { parseDuration } from './duration.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DEFAULT_WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist');

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value): boolean | number | string => {
    if (value === undefined || value === '' || value === 'false') return false;
    if (value === 'true') return true;
    // The number of proxies in front of the server: the client is the address the farthest one saw.
    if (/^\d+$/.test(value)) return Number(value);
    // Otherwise a comma-separated list of trusted proxy addresses or CIDR ranges.
    return value;
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(DEFAULT_PORT),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().trim().min(1).default('Facet <no-reply@facet.local>'),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  TOKEN_TTL: z
    .string()
    .default('12h')
    .transform((value, ctx) => {
      const ms = parseDuration(value);
      if (ms === undefined) {
        ctx.addIssue({ code: 'custom', message: 'TOKEN_TTL must look like 30m, 12h or 7d' });
        return z.NEVER;
      }
      return ms;
    }),
  ADMIN_USERNAME: z.string().trim().min(1).default('admin'),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  ADMIN_PASSWORD: optionalText,
  /** Unset: answers are checked against their declarations except in production. */
  CHECK_ANSWERS: z.enum(['true', 'false']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalText,
  /** Behind a reverse proxy set this so request.ip (rate limits, logs) is the client's (Fastify trustProxy). */
  TRUST_PROXY: trustProxy,
  LOGIN_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(730),
  SEARCH_HISTORY_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  /** How often background jobs run: holds that lapse, offers that expire, reminders due, demands matched. */
  JOBS_INTERVAL_SECONDS: z.coerce.number().min(0.2).max(3600).default(10),
  /** Exports (files of whole lists) running at once on one instance; the rest wait their turn. */
  EXPORT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Exports one user may run at once, across every instance (database locks). */
  EXPORT_CONCURRENCY_PER_USER: z.coerce.number().int().min(1).max(64).default(1),
  /** How long an export waits for its turn before it is refused. */
  EXPORT_QUEUE_WAIT_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  /** Base URL of the stock system's export API; each sync reads `GET {url}/{entity}`. */
  SYNC_SOURCE_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'SYNC_SOURCE_URL must be an http or https URL' }).optional(),
  ),
  SYNC_TOKEN: optionalText,
  /** The OpenAPI document and the API reference (`/openapi.json`, `/docs`). */
  API_DOCS: z
    .enum(['true', 'false'], { error: 'API_DOCS must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  SEED_CITIES: z
    .enum(['true', 'false'], { error: 'SEED_CITIES must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  /** Largest stock file (CSV or XLSX) Upload-Stock accepts. */
  STOCK_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(10_000).default(STOCK_UPLOAD_DEFAULT_MAX_MB),
  /** What one user may upload through `apis/upload` in any 24 hours. */
  UPLOAD_QUOTA_FILES_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(500),
  UPLOAD_QUOTA_MB_PER_DAY: z.coerce.number().int().min(1).max(10_000_000).default(2048),
  /** Web Push (VAPID) keys, base64url; unset: generated once into DATA_DIR. */
  VAPID_PUBLIC_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{86,88}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{42,44}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key')
      .optional(),
  ),
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(?:mailto:\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: address or an https URL')
      .optional(),
  ),
  PUSH_PRIVATE_ENDPOINTS: z
    .enum(['true', 'false'], { error: 'PUSH_PRIVATE_ENDPOINTS must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  NODE_ENV: optionalText,
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /** Undefined until resolveJwtSecret() fills it from DATA_DIR. */
  jwtSecret: string | undefined;
  tokenTtlMs: number;
  admin: { username: string; email: string; password: string | undefined };
  logLevel: string;
  prettyLogs: boolean;
  /** Success answers are validated against their endpoint's declaration before they leave. */
  checkAnswers: boolean;
  webDistDir: string;
  trustProxy: boolean | number | string;
  loginLogRetentionDays: number;
  auditRetentionDays: number;
  searchHistoryRetentionDays: number;
  jobsIntervalMs: number;
  exportConcurrency: number;
  exportConcurrencyPerUser: number;
  exportQueueWaitMs: number;
  stockUploadMaxBytes: number;
  /** Per user, in any 24 hours, through `apis/upload`. */
  uploadQuota: { filesPerDay: number; bytesPerDay: number };
  /** False: the world's cities are not inserted at start (geography comes from the stock system). */
  seedCities: boolean;
  /** Serves `/openapi.json` and the reference at `/docs`. */
  apiDocs: boolean;
  /** Unset: synchronisation is not configured and every sync is refused. */
  syncSourceUrl: string | undefined;
  /** Sent as `Authorization: Bearer` to the stock system. */
  syncToken: string | undefined;
  /**
   * Web Push: the VAPID keys (undefined until resolveVapidKeys() fills them from DATA_DIR) and the contact
   * push services may write to.
   */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  /**
   * Push subscriptions may name this machine or a private network (a test's own push service). Off, a
   * subscriber could make the server send requests to internal services.
   */
  pushPrivateEndpoints: boolean;
}

export class ConfigError extends Error {}

/** Pure: reads the environment, touches no file. */
export function parseConfig(env: NodeJS.ProcessEnv, cwd = process.cwd(), isTty = false): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET,
    tokenTtlMs: e.TOKEN_TTL,
    admin: { username: e.ADMIN_USERNAME, email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    logLevel: e.LOG_LEVEL,
    prettyLogs: isTty && e.NODE_ENV !== 'production',
    checkAnswers: e.CHECK_ANSWERS ? e.CHECK_ANSWERS === 'true' : e.NODE_ENV !== 'production',
    webDistDir: e.WEB_DIST_DIR ? path.resolve(cwd, e.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR,
    trustProxy: e.TRUST_PROXY,
    loginLogRetentionDays: e.LOGIN_LOG_RETENTION_DAYS,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    searchHistoryRetentionDays: e.SEARCH_HISTORY_RETENTION_DAYS,
    jobsIntervalMs: Math.round(e.JOBS_INTERVAL_SECONDS * 1000),
    exportConcurrency: e.EXPORT_CONCURRENCY,
    exportConcurrencyPerUser: e.EXPORT_CONCURRENCY_PER_USER,
    exportQueueWaitMs: e.EXPORT_QUEUE_WAIT_SECONDS * 1000,
    stockUploadMaxBytes: e.STOCK_UPLOAD_MAX_MB * 1024 * 1024,
    uploadQuota: {
      filesPerDay: e.UPLOAD_QUOTA_FILES_PER_DAY,
      bytesPerDay: e.UPLOAD_QUOTA_MB_PER_DAY * 1024 * 1024,
    },
    seedCities: e.SEED_CITIES,
    apiDocs: e.API_DOCS,
    syncSourceUrl: e.SYNC_SOURCE_URL?.replace(/\/+$/, ''),
    syncToken: e.SYNC_TOKEN,
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.ADMIN_EMAIL}`,
    },
    pushPrivateEndpoints: e.PUSH_PRIVATE_ENDPOINTS,
  };
}

/**
 * Without JWT_SECRET a random one is kept in DATA_DIR so a restart keeps sessions valid. Several
 * instances sharing one PostgreSQL must share the secret, hence the warning.
 */
export function resolveJwtSecret(config: Config, warn: (message: string) => void): string {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.databaseUrl) {
    warn(
      'JWT_SECRET is not set: using a per-host secret from DATA_DIR; set it when running several instances',
    );
  }
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * Without VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY a pair is generated once and kept in DATA_DIR, like the
 * JWT secret: browsers subscribed with the public key, so a new pair would silence every subscription.
 * Several instances must share the pair, hence the warning.
 */
export function resolveVapidKeys(config: Config, warn: (message: string) => void): VapidKeys {
  const { subject } = config.vapid;
  if (config.vapid.publicKey && config.vapid.privateKey) {
    return { publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey, subject };
  }
  if (config.databaseUrl) {
    warn(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: using per-host push keys from DATA_DIR; set them when running several instances',
    );
  }
  const file = path.join(config.dataDir, 'vapid-keys.json');
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && !(error instanceof SyntaxError)) throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const keys = webPush.generateVAPIDKeys();
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return { ...keys, subject };
}
