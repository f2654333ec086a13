import { ACCOUNT_MESSAGES, accountResource, FILES_PATH } from '@facet/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { fieldError } from '../http/envelope.ts';
import { privateFileUrl } from '../uploads/file-links.ts';
import { type FileStorage, storageKeyOf } from '../uploads/storage.ts';
import { uploads } from '../uploads/upload-table.ts';
import { accountDocuments } from './account-document-table.ts';

/** The upload a root-relative files address names, public (`/files/{id}/…`) or private. */
const FILE_ADDRESS = new RegExp(
  `^/${FILES_PATH}/(?:private/)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/`,
  'i',
);
/** The same, in PostgreSQL's regular expressions: the id of an old public address. */
const PUBLIC_ADDRESS_ID = `^/${FILES_PATH}/([0-9a-fA-F-]{36})/`;

/** The upload id behind a files address, or null for an outside link. */
export function uploadIdOf(fileUrl: string): string | null {
  return FILE_ADDRESS.exec(fileUrl)?.[1]?.toLowerCase() ?? null;
}

/**
 * What a new KYC document stores as its file. A file uploaded here must have been uploaded as a
 * company document (private, model `account`): a public media file would stay readable by anyone
 * with its address. The address is normalised to the private one, with the upload's id. Outside
 * links, and addresses of files this server does not hold, are kept as given.
 */
export async function documentFileOf(
  db: Db,
  input: { fileUrl: string; fileId: string | null },
): Promise<{ fileUrl: string; fileId: string | null }> {
  const id = uploadIdOf(input.fileUrl);
  if (!id) return input;
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  if (!row) return input;
  if (!row.isPrivate || row.model !== accountResource.name) {
    throw fieldError('fileUrl', ACCOUNT_MESSAGES.fileNotPrivate);
  }
  return { fileUrl: privateFileUrl(row.id, row.name), fileId: row.id };
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Run at every start: uploads that account documents refer to (by id or by their public address) but
 * that are still public, as every file was before private files were kept apart, move into the
 * private area, and the documents' addresses follow. Idempotent, file by file: a crash between the
 * move and the row update is finished by the next run, and two instances starting together agree
 * (the second finds the file moved). Answers how many files it moved.
 */
export async function movePrivateDocumentsApart(db: Db, storage: FileStorage, log: Log): Promise<number> {
  const referencedPublicly = sql`exists (
    select 1 from ${accountDocuments}
    where ${accountDocuments.fileId} = ${uploads.id}
       or lower(substring(${accountDocuments.fileUrl} from ${PUBLIC_ADDRESS_ID})) = ${uploads.id}::text
  )`;
  const rows = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.isPrivate, false), referencedPublicly));
  for (const row of rows) {
    const privateKey = storageKeyOf(row.id, { isPrivate: true });
    try {
      await storage.move(row.storageKey, privateKey);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // Lost before this run: the row still turns private, so nothing public ever serves it again.
      log.warn({ uploadId: row.id, storageKey: row.storageKey }, 'KYC document file missing from storage');
    }
    await db.transaction(async (tx) => {
      await tx
        .update(uploads)
        .set({ isPrivate: true, storageKey: privateKey, model: accountResource.name })
        .where(eq(uploads.id, row.id));
      const publicPrefix = `/${FILES_PATH}/${row.id}/`;
      await tx
        .update(accountDocuments)
        .set({
          fileUrl: sql`${`/${FILES_PATH}/private/${row.id}/`} || substring(${accountDocuments.fileUrl} from ${publicPrefix.length + 1}::int)`,
          fileId: row.id,
        })
        .where(sql`lower(${accountDocuments.fileUrl}) like ${`${publicPrefix}%`}`);
    });
  }
  if (rows.length > 0) log.info({ files: rows.length }, 'moved KYC document files into the private area');
  return rows.length;
}
