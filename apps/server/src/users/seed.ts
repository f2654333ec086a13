import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { USER_TYPES } from '@facet/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../access/passwords.ts';
import { insertUser } from '../access/user-repository.ts';
import { users } from '../access/user-table.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/client.ts';

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

function generatePassword(length = 16): string {
  const bytes = randomBytes(length);
  // 256 is not a multiple of the alphabet size, but the bias is negligible for a one-off password.
  return Array.from(bytes, (byte) => PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length]).join('');
}

/** First start only: creates the super admin, who must change the password at first sign-in. */
export async function seedSuperAdmin(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.type, USER_TYPES.SUPER_ADMIN))
    .limit(1);
  if (existing) return;

  const generated = config.admin.password === undefined;
  const password = config.admin.password ?? generatePassword();
  try {
    await insertUser(db, {
      type: USER_TYPES.SUPER_ADMIN,
      name: 'Super Admin',
      username: config.admin.username,
      emails: [{ value: config.admin.email, isPrimary: true }],
      passwordHash: await hashPassword(password),
      defaultPassword: true,
      isActive: true,
    });
  } catch (error) {
    // Another instance seeded at the same moment.
    if (pgErrorCode(error) === UNIQUE_VIOLATION) return;
    throw error;
  }

  if (generated) {
    mkdirSync(config.dataDir, { recursive: true });
    const file = path.join(config.dataDir, 'initial-admin-password');
    writeFileSync(file, `${password}\n`, { mode: 0o600 });
    log.warn(
      `Initial admin password for "${config.admin.username}": ${password} (also written to ${file}; change it at first sign-in)`,
    );
  } else {
    log.info(`Super admin "${config.admin.username}" created from ADMIN_PASSWORD`);
  }
}
