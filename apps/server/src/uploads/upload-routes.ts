import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  can,
  FILES_PATH,
  isUuid,
  PRIVATE_UPLOAD_MODELS,
  UPLOAD_ENDPOINTS,
  UPLOAD_MAX_BYTES,
  UPLOAD_MESSAGES,
  UPLOAD_MODEL_FIELD,
  type UploadedFile,
  type UploadKind,
  uploadKindSchema,
} from '@facet/contract';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createAuthenticator } from '../access/authenticate.ts';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import { FORBIDDEN, holderOf, mountRoutes } from '../http/access-plugin.ts';
import { extractToken } from '../http/auth-token.ts';
import { clientInfo } from '../http/client-info.ts';
import { fieldError, HttpError, ok } from '../http/envelope.ts';
import { type AppRoute, implement } from '../http/route.ts';
import { type Actor, recordAudit } from '../resources/audit-log.ts';
import { checkedMimeType } from './content-check.ts';
import { checkFileLink, privateFileUrl } from './file-links.ts';
import { drain, multipartFailure, type ReceivedFile, receiveFile } from './receive-file.ts';
import { type ByteRange, type FileStorage, LocalDiskStorage, storageKeyOf } from './storage.ts';
import { takeUploadTurn, type UploadQuota } from './upload-quota.ts';
import { uploads } from './upload-table.ts';

export const NOT_MULTIPART = 'Send the file as multipart/form-data, with a file part and a kind field.';
export const TOO_MANY_PARTS = 'Send one file and its kind per upload.';
const NOT_FOUND = 'The requested file was not found.';
const SIGN_IN_REQUIRED = 'Please sign in.';
const SESSION_INVALID = 'Your session has expired. Please sign in again.';
const PUBLIC_CACHING = 'public, max-age=31536000, immutable';
/** Private files: never kept by a shared cache (proxy, CDN), nor by the browser beyond this view. */
const PRIVATE_CACHING = 'private, no-store';

/** The largest file of any kind: the multipart parser's own cap, before the kind is known. */
const MAX_ANY_KIND = Math.max(...Object.values(UPLOAD_MAX_BYTES));
const INLINE_KINDS: ReadonlySet<UploadKind> = new Set(['image', 'video', 'pdf']);

export interface UploadsOptions {
  /** Defaults to the local disk under DATA_DIR/uploads. */
  storage?: FileStorage;
}

/**
 * `POST apis/upload`, `GET /files/:id/:name` (public media) and `GET /files/private/:id/:name` (private
 * documents). The upload route lives in its own encapsulated scope: only it parses multipart, and there
 * any other body is refused before it is read.
 */
export function registerUploads(app: FastifyInstance, ctx: AppContext, options: UploadsOptions = {}): void {
  const storage = options.storage ?? defaultUploadStorage(ctx.config.dataDir);
  const tempDir = uploadTempDir(ctx.config.dataDir);
  mkdirSync(tempDir, { recursive: true });
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => {
      done(new HttpError('E_BAD_REQUEST', NOT_MULTIPART), undefined);
    });
    await scope.register(multipart, { throwFileSizeLimit: false });
    mountRoutes(scope, [uploadRoute(ctx, storage, tempDir)]);
  });
  mountRoutes(app, [fileRoute(ctx, storage), privateFileRoute(ctx, storage)]);
}

/** The local disk under DATA_DIR/uploads, where files live unless another storage is given. */
export function defaultUploadStorage(dataDir: string): FileStorage {
  return new LocalDiskStorage(path.join(dataDir, 'uploads'));
}

/** Where uploads are received and checked before they reach the storage (same disk: a rename). */
export function uploadTempDir(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'uploads');
}

function uploadRoute(ctx: AppContext, storage: FileStorage, tempDir: string): AppRoute {
  // Signed in; the `model` field names the resource the file is for, and the upload needs the insert
  // or update permission of its module (checked as soon as the field is read, in receiveParts).
  return implement(UPLOAD_ENDPOINTS.upload, async ({ request }) => {
    if (!request.isMultipart()) throw new HttpError('E_BAD_REQUEST', NOT_MULTIPART);
    let received: ReceivedFile | undefined;
    try {
      const { kind, model, file } = await receiveParts(ctx, request, tempDir);
      received = file;
      if (!file) throw fieldError('file', UPLOAD_MESSAGES.missingFile);
      if (file.tooLarge || file.size > UPLOAD_MAX_BYTES[kind]) {
        throw fieldError('file', UPLOAD_MESSAGES.tooLarge(kind));
      }
      if (file.size === 0) throw fieldError('file', UPLOAD_MESSAGES.missingFile);
      const mimeType = await checkedMimeType(file.path, kind, file.fileName);
      const uploaded = await store(ctx, storage, request, {
        kind,
        model,
        name: file.fileName,
        mimeType,
        size: file.size,
        sha256: file.sha256,
        path: file.path,
      });
      return ok(UPLOAD_MESSAGES.uploaded, uploaded);
    } finally {
      if (received) await rm(received.path, { force: true });
    }
  });
}

/**
 * Reads every part: the `kind` field and one `file` part, streamed to a temp file while its bytes are
 * counted and hashed. Past the kind's limit (or the largest, when the kind comes after the file) the
 * rest is read and dropped, so the client gets the answer instead of a reset connection, and no
 * oversized file stays on disk. Refusals are raised once the body is read, for the same reason.
 */
async function receiveParts(
  ctx: AppContext,
  request: FastifyRequest,
  tempDir: string,
): Promise<{ kind: UploadKind; model: string; file: ReceivedFile | undefined }> {
  let rawKind: unknown;
  let model: string | undefined;
  let file: ReceivedFile | undefined;
  let refusal: HttpError | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_ANY_KIND + 1, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 50 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'kind') rawKind = part.value;
        if (part.fieldname === UPLOAD_MODEL_FIELD) {
          model = typeof part.value === 'string' ? part.value : '';
          // Known before the file: a refused uploader's bytes are dropped, never written to disk.
          refusal ??= uploadRefusal(ctx, request, model);
        }
        continue;
      }
      const kind = rawKind === undefined ? undefined : uploadKindSchema.safeParse(rawKind);
      if (part.fieldname !== 'file' || kind?.success === false || refusal) {
        if (kind?.success === false) refusal ??= fieldError('kind', UPLOAD_MESSAGES.unknownKind);
        await drain(part.file);
        continue;
      }
      const limit = kind ? UPLOAD_MAX_BYTES[kind.data] : MAX_ANY_KIND;
      file = await receiveFile(part.file, part.filename, tempDir, limit);
    }
  } catch (error) {
    if (file) await rm(file.path, { force: true });
    throw multipartFailure(error, TOO_MANY_PARTS);
  }
  refusal ??= uploadRefusal(ctx, request, model);
  const kind = uploadKindSchema.safeParse(rawKind);
  if (refusal || !kind.success || model === undefined) {
    if (file) await rm(file.path, { force: true });
    throw refusal ?? fieldError('kind', UPLOAD_MESSAGES.unknownKind);
  }
  return { kind: kind.data, model, file };
}

/**
 * Why this user may not upload for `model`: it names no resource (400 on the field), or the user holds
 * neither insert nor update on its module (403; guests and customers hold no admin module).
 */
function uploadRefusal(
  ctx: AppContext,
  request: FastifyRequest,
  model: string | undefined,
): HttpError | undefined {
  const resource = model === undefined ? undefined : ctx.contract.resourceByName.get(model);
  if (!resource) return fieldError(UPLOAD_MODEL_FIELD, UPLOAD_MESSAGES.unknownModel);
  const auth = request.auth;
  if (!auth) return new HttpError('E_UNAUTHORIZED', SIGN_IN_REQUIRED);
  const holder = holderOf(auth);
  if (can(holder, resource.module, 'insert') || can(holder, resource.module, 'update')) return undefined;
  return new HttpError('E_FORBIDDEN', FORBIDDEN);
}

async function store(
  ctx: AppContext,
  storage: FileStorage,
  request: FastifyRequest,
  file: NewUpload & { path: string },
): Promise<UploadedFile> {
  const auth = request.auth;
  if (!auth) throw new HttpError('E_UNAUTHORIZED', SIGN_IN_REQUIRED);
  return storeUpload(ctx.db, storage, { auth, client: clientInfo(request) }, file, {
    quota: ctx.config.uploadQuota,
  });
}

/** What is known of a file once its content has been checked. */
export interface NewUpload {
  kind: UploadKind;
  /** The resource it is for; a private model's files are kept and served apart. Unset: public media. */
  model?: string;
  name: string;
  mimeType: string;
  size: number;
  sha256: string;
}

/** Whether files uploaded for `model` are private documents. */
export function isPrivateModel(model: string | null | undefined): boolean {
  return model !== undefined && model !== null && PRIVATE_UPLOAD_MODELS.includes(model);
}

/**
 * Puts checked bytes (a finished local file, or a stream) in the storage and records the upload with
 * its trail entry; the stored object is removed again when the record cannot be written (or the
 * uploader's quota refuses it). The upload route and the demo seed (generated files, no quota) both
 * store through it.
 */
export async function storeUpload(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  file: NewUpload & ({ path: string } | { stream: Readable }),
  options: { quota?: UploadQuota } = {},
): Promise<UploadedFile> {
  const id = randomUUID();
  const isPrivate = isPrivateModel(file.model);
  const storageKey = storageKeyOf(id, { isPrivate });
  await storage.put(storageKey, 'path' in file ? { path: file.path } : file.stream);
  try {
    const row = await db.transaction(async (tx) => {
      if (options.quota) await takeUploadTurn(tx, options.quota, actor.auth.user.id, file.size);
      const [inserted] = await tx
        .insert(uploads)
        .values({
          id,
          kind: file.kind,
          name: file.name,
          mimeType: file.mimeType,
          size: file.size,
          sha256: file.sha256,
          storageKey,
          uploadedBy: actor.auth.user.id,
          model: file.model ?? null,
          isPrivate,
        })
        .returning();
      if (!inserted) throw new Error('upload insert returned no row');
      await recordAudit(tx, actor, {
        action: 'upload.create',
        entityType: 'upload',
        entityId: id,
        subjectUserId: null,
        before: null,
        after: {
          kind: file.kind,
          model: file.model ?? null,
          isPrivate,
          name: file.name,
          mimeType: file.mimeType,
          size: file.size,
          sha256: file.sha256,
        },
      });
      return inserted;
    });
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      mimeType: row.mimeType,
      size: row.size,
      url: row.isPrivate ? privateFileUrl(row.id, row.name) : fileUrl(row.id, row.name),
      isPrivate: row.isPrivate,
      createdAt: row.createdAt.toISOString(),
    };
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

/** Root-relative: the panel and the customer apps prefix their own host. */
export function fileUrl(id: string, name: string): string {
  return `/${FILES_PATH}/${id}/${name}`;
}

type UploadRow = typeof uploads.$inferSelect;

async function uploadRow(ctx: AppContext, id: string): Promise<UploadRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await ctx.db.select().from(uploads).where(eq(uploads.id, id.toLowerCase())).limit(1);
  return row;
}

/**
 * Public media: shown by the customer-facing apps and linked from e-mails, where no panel token
 * exists. Ids are random v4 uuids (122 bits), never listed publicly. Private files are not found here,
 * whoever asks: they have their own guarded address.
 */
function fileRoute(ctx: AppContext, storage: FileStorage): AppRoute {
  return implement(UPLOAD_ENDPOINTS.file, async ({ params, request, reply }) => {
    const row = await uploadRow(ctx, params.id);
    if (!row || row.isPrivate) throw new HttpError('E_NOT_FOUND', NOT_FOUND);
    return serveFile(ctx, storage, request, reply, row, PUBLIC_CACHING);
  });
}

function privateFileRoute(ctx: AppContext, storage: FileStorage): AppRoute {
  const authenticate = createAuthenticator(ctx.db, ctx.tokens, ctx.permissions);
  const signedInUser = async (request: FastifyRequest) => {
    const token = extractToken(request.headers.authorization);
    if (!token) throw new HttpError('E_UNAUTHORIZED', SIGN_IN_REQUIRED);
    const auth = await authenticate(token);
    if (auth?.sessionKind !== 'full') throw new HttpError('E_UNAUTHORIZED', SESSION_INVALID);
    return auth;
  };
  // Declared public because a signed link carries no token (a browser opens it in a new tab); the
  // handler asks for the signature or for a signed-in user who may view the file's module.
  return implement(UPLOAD_ENDPOINTS.privateFile, async ({ params: { id }, query, request, reply }) => {
    reply.header('cache-control', PRIVATE_CACHING);
    const signed = query.signature !== undefined || query.expires !== undefined;
    if (signed) {
      const check = checkFileLink(ctx.tokens, id, query.expires, query.signature);
      if (check !== 'valid') {
        const message = check === 'expired' ? UPLOAD_MESSAGES.linkExpired : UPLOAD_MESSAGES.linkInvalid;
        throw new HttpError('E_FORBIDDEN', message);
      }
    }
    const auth = signed ? undefined : await signedInUser(request);
    const row = await uploadRow(ctx, id);
    if (!row?.isPrivate) throw new HttpError('E_NOT_FOUND', NOT_FOUND);
    if (auth) {
      const resource = row.model ? ctx.contract.resourceByName.get(row.model) : undefined;
      if (!resource || !can(holderOf(auth), resource.module, 'view')) {
        throw new HttpError('E_FORBIDDEN', FORBIDDEN);
      }
    }
    // The signed address must not leak through the Referer of whatever the document links to.
    reply.header('referrer-policy', 'no-referrer');
    return serveFile(ctx, storage, request, reply, row, PRIVATE_CACHING);
  });
}

async function serveFile(
  ctx: AppContext,
  storage: FileStorage,
  request: FastifyRequest,
  reply: FastifyReply,
  row: UploadRow,
  caching: string,
) {
  const etag = `"${row.sha256}"`;
  reply
    .header('content-type', row.mimeType)
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-disposition',
      `${INLINE_KINDS.has(row.kind) ? 'inline' : 'attachment'}; filename="${row.name}"`,
    )
    .header('cache-control', caching)
    .header('etag', etag)
    .header('accept-ranges', 'bytes');
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
  const range = rangeOf(request, row.size, etag);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${row.size}`).send();
  }
  const stored = await storage.get(row.storageKey, range);
  if (!stored) {
    ctx.log.error({ uploadId: row.id, storageKey: row.storageKey }, 'uploaded file missing from storage');
    throw new HttpError('E_NOT_FOUND', NOT_FOUND);
  }
  return sendStored(reply, stored.stream, stored.size, range);
}

function sendStored(reply: FastifyReply, stream: Readable, size: number, range: ByteRange | undefined) {
  if (!range) return reply.header('content-length', size).send(stream);
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(stream);
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });
}

/**
 * One `bytes=` range (video players seek with these); several ranges, a stale If-Range or a malformed
 * header get the whole file, as RFC 9110 allows.
 */
function rangeOf(
  request: FastifyRequest,
  size: number,
  etag: string,
): ByteRange | 'unsatisfiable' | undefined {
  const header = request.headers.range;
  if (!header || request.method !== 'GET') return undefined;
  const ifRange = request.headers['if-range'];
  if (ifRange && ifRange !== etag) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  let start: number;
  let end: number;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
