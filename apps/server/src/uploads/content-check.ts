import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_MESSAGES,
  UPLOAD_MIME_TYPES,
  UPLOAD_TYPES,
  type UploadKind,
} from '@facet/contract';
import { fileTypeFromFile } from 'file-type';
import { fieldError } from '../http/envelope.ts';
import { extensionOf } from './file-name.ts';

/** The extensions a file of each sniffed type may carry (a subset of the contract's per kind). */
const EXTENSIONS_OF_MIME: Record<string, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'application/pdf': ['pdf'],
  'application/json': ['json'],
  'video/mp4': ['mp4'],
  'video/mpeg': ['mpeg'],
};

/** file-type names MPEG program streams by their variant; they are served as plain MPEG video. */
const SNIFFED_ALIASES: Record<string, string> = {
  'video/MP1S': 'video/mpeg',
  'video/MP2P': 'video/mpeg',
};

/**
 * The content type of a stored temp file, read from its bytes and never from the client's claim:
 * magic numbers (file-type) for binary formats, and a full parse for JSON, which has none. Refuses
 * (400, wrongType) a type the kind does not accept, or a name whose extension is not one of the
 * kind's or does not fit the bytes (`photo.png` holding a GIF).
 */
export async function checkedMimeType(file: string, kind: UploadKind, name: string): Promise<string> {
  const wrongType = fieldError('file', UPLOAD_MESSAGES.wrongType(kind));
  const ext = extensionOf(name);
  if (!(UPLOAD_TYPES[kind] as readonly string[]).includes(ext)) throw wrongType;
  const sniffed = kind === 'json' ? await jsonMime(file) : (await fileTypeFromFile(file))?.mime;
  const mime = sniffed && (SNIFFED_ALIASES[sniffed] ?? sniffed);
  if (!mime || !UPLOAD_MIME_TYPES[kind].includes(mime)) throw wrongType;
  if (!EXTENSIONS_OF_MIME[mime]?.includes(ext)) throw wrongType;
  return mime;
}

async function jsonMime(file: string): Promise<string | undefined> {
  // The byte limit of the kind has already been enforced while streaming; this is a second guard.
  if ((await stat(file)).size > UPLOAD_MAX_BYTES.json) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(file)) chunks.push(chunk as Buffer);
  try {
    JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(Buffer.concat(chunks)));
    return 'application/json';
  } catch {
    return undefined;
  }
}
