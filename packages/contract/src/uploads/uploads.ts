import { z } from 'zod';
import { UPLOAD_TYPES } from '../constants.ts';

/**
 * One upload endpoint for every file of the panel (UPLOAD_ENDPOINTS.upload). The server checks the
 * content, not only the name, and answers an UploadedFile whose `url` is what image, video and document
 * fields store.
 *
 * Public files are served back at `${FILES_PATH}/{id}/{fileName}` with their checked content type: the
 * prefix is part of every stored address, so it stays a constant (file-paths.ts, free of zod for the
 * screens that link files) beside the endpoints that serve it.
 */

/**
 * Resources whose uploads are private documents rather than public media. A company's KYC documents
 * today; a resource holding people's documents joins this list.
 */
export const PRIVATE_UPLOAD_MODELS: readonly string[] = ['account'];

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
  unknownModel: "Say what the file is for: the model must name one of the panel's resources.",
  quotaFiles: (files: number) =>
    `You have uploaded ${files} files in the last 24 hours, the most allowed. Please try again later.`,
  quotaBytes: (megabytes: number) =>
    `This file would take your uploads past ${megabytes} MB in 24 hours. Please try again later.`,
  linkExpired: 'This link has expired. Open the document again from the panel.',
  linkInvalid: 'This link is not valid. Open the document again from the panel.',
} as const;

/** The multipart field naming the resource a file is uploaded for. */
export const UPLOAD_MODEL_FIELD = 'model';

export const uploadKindSchema = z.enum(UPLOAD_KINDS as [UploadKind, ...UploadKind[]], {
  error: UPLOAD_MESSAGES.unknownKind,
});

export const uploadedFileSchema = z.object({
  id: z.string(),
  kind: z.enum(UPLOAD_KINDS as [UploadKind, ...UploadKind[]]),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  /** Root-relative, e.g. `/files/{id}/stone.jpg`, or `/files/private/{id}/passport.pdf`. */
  url: z.string(),
  /** Served only to allowed staff or through a signed link, never cached by shared caches. */
  isPrivate: z.boolean(),
  createdAt: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
