import { z } from 'zod';
import { defineEndpoint } from '../endpoints/endpoint.ts';

const TAG = 'API reference';

/**
 * The API describing itself: the OpenAPI document generated from the registered routes, and the
 * reference page that renders it. Both are public: they show paths and rules, and every endpoint still
 * enforces its own rule.
 */
export const API_DOCS_ENDPOINTS = {
  document: defineEndpoint({
    method: 'GET',
    path: 'openapi.json',
    tag: TAG,
    summary: 'This API as an OpenAPI 3.1 document.',
    description:
      'The document itself, not an envelope: it is what OpenAPI tools read. It takes no query parameter, ' +
      'and refuses one in the error envelope.',
    access: { public: true },
    query: z.strictObject({}),
    answer: { file: ['application/json'] },
  }),
  reference: defineEndpoint({
    method: 'GET',
    path: 'docs',
    tag: TAG,
    summary: 'The API reference: the OpenAPI document, readable in a browser.',
    access: { public: true },
    answer: { file: ['text/html'] },
  }),
  referenceAsset: defineEndpoint({
    method: 'GET',
    path: 'docs/static/:name',
    tag: TAG,
    summary: "The reference page's scripts, styles and icon, served by this server (no CDN).",
    access: { public: true },
    params: z.object({ name: z.string().describe('File name, e.g. swagger-ui.css') }),
    answer: { file: ['text/javascript', 'text/css', 'image/png'] },
  }),
};
