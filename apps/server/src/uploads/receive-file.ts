import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../http/envelope.ts';
import { sanitiseFileName } from './file-name.ts';

export const BAD_MULTIPART = 'The upload is not valid multipart/form-data.';

export interface ReceivedFile {
  /** The temp file; the caller moves it into storage or removes it. */
  path: string;
  fileName: string;
  size: number;
  sha256: string;
  /** Past the limit known while receiving: nothing was kept. */
  tooLarge: boolean;
}

/**
 * Streams one multipart file part to a temp file under `tempDir` while counting and hashing it. Past
 * `limit` the rest is read and dropped, so the client gets an answer rather than a reset connection,
 * and the partial file is removed.
 */
export async function receiveFile(
  source: Readable & { truncated?: boolean },
  clientName: string,
  tempDir: string,
  limit: number,
): Promise<ReceivedFile> {
  const target = path.join(tempDir, `${randomUUID()}.part`);
  const hash = createHash('sha256');
  let size = 0;
  let tooLarge = false;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (tooLarge) return callback();
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(source, counter, createWriteStream(target, { flags: 'wx' }));
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  const received = {
    path: target,
    fileName: sanitiseFileName(clientName),
    size,
    sha256: hash.digest('hex'),
    tooLarge: tooLarge || source.truncated === true,
  };
  if (received.tooLarge) await rm(target, { force: true });
  return received;
}

/** Reads a part nobody wants to its end, so the parser can move on to the next one. */
export async function drain(source: Readable): Promise<void> {
  await pipeline(
    source,
    new Writable({
      write: (_chunk, _encoding, callback) => callback(),
    }),
  );
}

/**
 * What a failure while reading the parts becomes: our own refusals and file system failures as they
 * are; anything else the parser raised is a malformed or abusive body.
 */
export function multipartFailure(error: unknown, tooManyPartsMessage: string): unknown {
  if (error instanceof HttpError || (error as NodeJS.ErrnoException).syscall) return error;
  const code = (error as { code?: string }).code;
  const tooMany = code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT';
  return new HttpError('E_BAD_REQUEST', tooMany ? tooManyPartsMessage : BAD_MULTIPART);
}
