/**
 * Every PostgreSQL advisory lock the server takes, in one table so that no two kinds of work share a key
 * by accident and wait on each other. A whole-key lock (`pg_advisory_xact_lock(key)`) serialises one kind
 * of work; a space (`pg_advisory_xact_lock(space, hashtext(name))`) holds one lock per name within it.
 * The values are constants every instance agrees on; change none of them while an older instance runs.
 */
export const LOCK_KEYS = {
  /** Migrations at start (whole key). */
  migration: 7_263_911,
  /** Check-then-write of usernames and e-mails (whole key). */
  userIdentity: 7_263_912,
  /** Applying a stock upload (whole key). */
  stockApply: 7_263_915,
} as const;

export const LOCK_SPACES = {
  /** Sign-in attempts per account and per address. */
  signIn: 7_263_913,
  /** Throttled actions (forgot password, reset mails, register) per key. */
  throttle: 7_263_914,
  /** Synchronisation of one entity from the stock system. */
  sync: 7_263_916,
  /** Upload quota per user. */
  uploadQuota: 7_263_917,
  /** Export slots per user (session locks, held while the file streams). */
  export: 7_263_931,
} as const;
