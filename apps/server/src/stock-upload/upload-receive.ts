import { rm } from 'node:fs/promises';
import { STOCK_UPLOAD_MESSAGES, type StockUploadOptions, stockUploadOptionsSchema } from '@facet/contract';
import type { FastifyRequest } from 'fastify';
import { fieldError, HttpError } from '../http/envelope.ts';
import { drain, multipartFailure, receiveFile } from '../uploads/receive-file.ts';
import { NOT_MULTIPART } from '../uploads/upload-routes.ts';

export interface ReceivedStockFile {
  /** The temp file; the caller moves it into storage or removes it. */
  path: string;
  fileName: string;
  size: number;
  sha256: string;
}

export interface ReceivedUpload {
  options: StockUploadOptions;
  file: ReceivedStockFile;
}

/**
 * Reads the multipart body: the `mode`, `keepGoodRows` and `duplicatePolicy` fields (before or after the file) and one
 * `file` part, streamed to a temp file while it is counted and hashed. Past `maxBytes` the rest is read
 * and dropped, so the client gets the answer rather than a reset connection, and nothing stays on disk.
 */
export async function receiveStockUpload(
  request: FastifyRequest,
  tempDir: string,
  maxBytes: number,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new HttpError('E_BAD_REQUEST', NOT_MULTIPART);
  const fields: Record<string, string> = {};
  // A field sent twice may mean two different choices (keep-first and skip): neither is taken for it.
  let repeated: string | undefined;
  let file: ReceivedStockFile | undefined;
  let tooLarge = false;
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes + 1, files: 1, fields: 4, parts: 5, fieldSize: 100, headerPairs: 50 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname in fields) repeated ??= part.fieldname;
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        await drain(part.file);
        continue;
      }
      const { tooLarge: over, ...received } = await receiveFile(part.file, part.filename, tempDir, maxBytes);
      if (over) tooLarge = true;
      else file = received;
    }
  } catch (error) {
    if (file) await rm(file.path, { force: true });
    throw multipartFailure(error, STOCK_UPLOAD_MESSAGES.badOptions);
  }
  const discard = async () => {
    if (file) await rm(file.path, { force: true });
  };
  if (tooLarge) {
    await discard();
    throw fieldError('file', STOCK_UPLOAD_MESSAGES.tooLarge(Math.round(maxBytes / 1024 / 1024)));
  }
  if (repeated) {
    await discard();
    throw fieldError(repeated, STOCK_UPLOAD_MESSAGES.repeatedOption);
  }
  const options = stockUploadOptionsSchema.safeParse(fields);
  if (!options.success) {
    await discard();
    const issue = options.error.issues[0];
    throw fieldError(String(issue?.path[0] ?? 'mode'), issue?.message ?? STOCK_UPLOAD_MESSAGES.unknownMode);
  }
  if (!file) throw fieldError('file', STOCK_UPLOAD_MESSAGES.missingFile);
  if (file.size === 0) {
    await discard();
    throw fieldError('file', STOCK_UPLOAD_MESSAGES.emptyFile);
  }
  return { options: options.data, file };
}
