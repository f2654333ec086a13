import { z } from 'zod';
import { defineEndpoint } from '../endpoints/endpoint.ts';
import { UPLOAD_MIME_TYPES, UPLOAD_MODEL_FIELD, uploadedFileSchema } from './uploads.ts';

const TAG = 'Uploads';

/** Every content type a stored file may be served with. */
const SERVED_TYPES = [...new Set(Object.values(UPLOAD_MIME_TYPES).flat())];

const fileParams = z.object({
  id: z.string().describe('Upload id (uuid)'),
  name: z.string().describe('The file name it was uploaded under'),
});

/** A query value as the wire may carry it: once, or repeated. */
const queryValue = z.union([z.string(), z.array(z.string())]).optional();

/** The signed link's part of a private file's address; without it the caller's token is asked for. */
const fileLinkQuery = z.object({
  expires: queryValue.describe('When the signed link stops working, in unix seconds.'),
  signature: queryValue.describe('The signature of the link.'),
});

/**
 * The upload of every file of the panel, and the two addresses files are served back at: public media,
 * and private documents (a company's KYC files).
 */
export const UPLOAD_ENDPOINTS = {
  upload: defineEndpoint({
    method: 'POST',
    path: 'apis/upload',
    tag: TAG,
    summary: 'Uploads one file for a resource; its content is checked against its kind.',
    description:
      'Needs the insert or update permission of the module of the resource named by `model`; files of a private model (a company) are kept and served apart.',
    // Signed in; the `model` part names the resource, whose module is checked as soon as it is read.
    access: { authenticated: true },
    multipart: {
      kind: { required: true, description: 'image, pdf, json or video: what the content must be.' },
      [UPLOAD_MODEL_FIELD]: {
        required: true,
        description: 'The resource the file is for (`banner`, `account`, ...).',
      },
      file: { file: true, required: true, description: 'The file, one per upload.' },
    },
    answer: { data: uploadedFileSchema },
  }),
  file: defineEndpoint({
    method: 'GET',
    path: 'files/:id/:name',
    tag: TAG,
    summary: 'A public file (media), with its checked content type; byte ranges are served.',
    // Public media: shown by the customer-facing apps and linked from e-mails, where no panel token
    // exists. Ids are random v4 uuids, never listed publicly; private files are not found here.
    access: { public: true },
    params: fileParams,
    answer: { file: SERVED_TYPES },
  }),
  privateFile: defineEndpoint({
    method: 'GET',
    path: 'files/private/:id/:name',
    tag: TAG,
    summary: 'A private document, to signed-in staff who may view its module or through a signed link.',
    description:
      'Needs either `expires` and `signature` of a link the server signed (a KYC document list answers ' +
      'them), or `Authorization: JWT <token>` of a user who may view the module the file was uploaded ' +
      'for: without either it answers 401, with a token lacking that permission or a bad or expired ' +
      'signature 403.',
    // Declared public because a signed link carries no token (a browser opens it in a new tab); the
    // handler asks for the signature or for a signed-in user who may view the file's module.
    access: { public: true },
    params: fileParams,
    query: fileLinkQuery,
    answer: { file: SERVED_TYPES },
  }),
};
