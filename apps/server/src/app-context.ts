import type { FastifyBaseLogger } from 'fastify';
import type { TokenSigner } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PermissionResolver } from './permissions/resolver.ts';

/** What route factories need; built once in buildApp. */
export interface AppContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  tokens: TokenSigner;
  log: FastifyBaseLogger;
  permissions: PermissionResolver;
}
