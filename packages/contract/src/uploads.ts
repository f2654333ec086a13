import { z } from 'zod';
import { UPLOAD_TYPES } from './constants.ts';

/**
 * One upload endpoint for every file of the panel: `POST apis/upload` as multipart/form-data with one
 * `file` part and a `kind` field. The server checks the content, not only the name, and answers an
 * UploadedFile whose `url` is what image, video and document fields store.
 */
export const UPLOAD_PATH = 'apis/upload';
/** Files are served back at `${FILES_PATH}/{id}/{fileName}` with their checked content type. */
export const FILES_PATH = 'files';

export const UPLOAD_KINDS = Object.keys(UPLOAD_TYPES) as (keyof typeof UPLOAD_TYPES)[];
export type UploadKind = keyof typeof UPLOAD_TYPES;

export const UPLOAD_MAX_BYTES: Record<UploadKind, number> = {
  image: 10 * 1024 * 1024,
  pdf: 25 * 1024 * 1024,
  json: 5 * 1024 * 1024,
  video: 200 * 1024 * 1024,
};

export const UPLOAD_MIME_TYPES: Record<UploadKind, readonly string[]> = {
  image: ['image/jpeg', 'image/png', 'image/gif'],
  pdf: ['application/pdf'],
  json: ['application/json'],
  video: ['video/mp4', 'image/gif', 'video/mpeg'],
};

export const UPLOAD_MESSAGES = {
  missingFile: 'Choose a file to upload.',
  unknownKind: `The kind must be one of ${UPLOAD_KINDS.join(', ')}.`,
  wrongType: (kind: UploadKind) => `This file is not a valid ${kind} (${UPLOAD_TYPES[kind].join(', ')}).`,
  tooLarge: (kind: UploadKind) => `The file is larger than ${UPLOAD_MAX_BYTES[kind] / 1024 / 1024} MB.`,
  uploaded: 'File uploaded.',
} as const;

export const uploadKindSchema = z.enum(UPLOAD_KINDS as [UploadKind, ...UploadKind[]], {
  error: UPLOAD_MESSAGES.unknownKind,
});

export interface UploadedFile {
  id: string;
  kind: UploadKind;
  name: string;
  mimeType: string;
  size: number;
  /** Root-relative, e.g. `/files/{id}/stone.jpg`. */
  url: string;
  createdAt: string;
}
