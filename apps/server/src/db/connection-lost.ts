/**
 * PostgreSQL error codes that mean the session is gone or could not start: 08xxx connection exceptions,
 * a terminated backend (57P01 admin shutdown, 57P02 crash shutdown, 57P03 not accepting connections yet)
 * and a server full of connections (53300).
 */
const LOST_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** Socket errors of a connection that could not be made or broke. */
const LOST_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What pg and pg-pool say when a client's connection ended, broke or could not be had in time. */
const LOST_MESSAGE =
  /^(Connection terminated|Client was closed and is not queryable|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect)/;

/**
 * Whether an error means the database could not be reached or the connection serving the query broke,
 * rather than a fault of the query; looks through drizzle's wrapper (`cause`) and the per-address errors
 * of a failed connect (AggregateError).
 */
export function isConnectionLost(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (LOST_SQLSTATE.test(code) || LOST_ERRNO.has(code))) return true;
  if (typeof message === 'string' && LOST_MESSAGE.test(message)) return true;
  if (error instanceof DatabaseUnavailableError) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isConnectionLost(inner, depth + 1)))
    return true;
  return isConnectionLost(cause, depth + 1);
}

/** The database did not answer in time (a health check's bound). */
export class DatabaseUnavailableError extends Error {}
