import { HEALTH_ENDPOINTS } from '@facet/contract';
import type { Database } from '../db/client.ts';
import { DatabaseUnavailableError } from '../db/connection-lost.ts';
import { ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';

/**
 * How long /health waits for the database: a load balancer's probe must get its answer (503) before its
 * own timeout, even when the database's host does not answer at all.
 */
export const HEALTH_DATABASE_TIMEOUT_MS = 2000;

export function healthRoutes(database: Pick<Database, 'ping'>) {
  return [
    implement(HEALTH_ENDPOINTS.check, async () => {
      // Any failure is the database's: the error handler answers it 503 E_ERROR.
      await database.ping(HEALTH_DATABASE_TIMEOUT_MS).catch((error: unknown) => {
        throw new DatabaseUnavailableError('the database did not answer the health check', {
          cause: error,
        });
      });
      return ok('healthy', { database: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) });
    }),
  ];
}
