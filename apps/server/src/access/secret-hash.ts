import { createHash, randomBytes } from 'node:crypto';

/** Codes and reset ids are stored hashed so a database leak cannot be replayed. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** 32 random bytes, URL-safe: safe to put in a mailed link. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}
