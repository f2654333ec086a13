import { UPLOAD_MESSAGES } from '@facet/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { LOCK_SPACES } from '../db/lock-keys.ts';
import { HttpError } from '../http/envelope.ts';
import { uploads } from './upload-table.ts';

/** What one user may upload in any 24 hours (UPLOAD_QUOTA_FILES_PER_DAY, UPLOAD_QUOTA_MB_PER_DAY). */
export interface UploadQuota {
  filesPerDay: number;
  bytesPerDay: number;
}

const WINDOW = sql`now() - interval '24 hours'`;

/**
 * Call in the transaction that records an upload, before the insert. The uploader is locked until the
 * transaction ends, so the count, the check and the record of parallel uploads happen one after the
 * other and exactly the quota gets through; counting the uploads table keeps it exact across
 * instances. Throws the 429 refusal when this file would pass the quota.
 */
export async function takeUploadTurn(
  tx: Db,
  quota: UploadQuota,
  userId: string,
  size: number,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACES.uploadQuota}, hashtext(${userId}))`);
  const [used] = await tx
    .select({
      files: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${uploads.size}), 0)::float8`,
    })
    .from(uploads)
    .where(and(eq(uploads.uploadedBy, userId), gt(uploads.createdAt, WINDOW)));
  const files = Number(used?.files ?? 0);
  const bytes = Number(used?.bytes ?? 0);
  if (files + 1 > quota.filesPerDay) {
    throw new HttpError('E_TOO_MANY_REQUESTS', UPLOAD_MESSAGES.quotaFiles(quota.filesPerDay));
  }
  if (bytes + size > quota.bytesPerDay) {
    throw new HttpError('E_TOO_MANY_REQUESTS', UPLOAD_MESSAGES.quotaBytes(quota.bytesPerDay / 1024 / 1024));
  }
}
