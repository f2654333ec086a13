import type { FastifyBaseLogger } from 'fastify';
import type { TokenSigner } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { ExportSlots } from './http/export-slots.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PermissionResolver } from './permissions/resolver.ts';
import type { StoneSearchRecorder } from './stock/search-history.ts';

/** What route factories need; built once in buildApp. */
export interface AppContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  tokens: TokenSigner;
  log: FastifyBaseLogger;
  permissions: PermissionResolver;
  /** Stone searches waiting to be written to the search history (flushed on close). */
  searchRecorder: StoneSearchRecorder;
  /** The turns of the exports: how many run at once, per instance and per user. */
  exportSlots: ExportSlots;
}
