import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { API_DOCS_ENDPOINTS } from '@facet/contract';
import { HttpError } from '../envelope.ts';
import { type AppRoute, at, implement } from '../route.ts';

const NO_SUCH_FILE = 'The requested file was not found.';
const ASSETS_PATH = at(API_DOCS_ENDPOINTS.referenceAsset.path.replace('/:name', ''));
const DOCUMENT_PATH = at(API_DOCS_ENDPOINTS.document.path);
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * The page loads Swagger UI from this server and starts it from a script file: the panel's
 * Content-Security-Policy allows scripts of this origin only, and no inline script.
 */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Facet back office API</title>
    <link rel="stylesheet" href="${ASSETS_PATH}/swagger-ui.css" />
    <link rel="icon" type="image/png" href="${ASSETS_PATH}/favicon-32x32.png" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="${ASSETS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${ASSETS_PATH}/facet-reference.js"></script>
  </body>
</html>
`;

const START_SCRIPT = `window.addEventListener('load', function () {
  window.reference = SwaggerUIBundle({
    url: ${JSON.stringify(DOCUMENT_PATH)},
    dom_id: '#reference',
    deepLinking: true,
    docExpansion: 'list',
    filter: true,
    defaultModelsExpandDepth: -1,
    validatorUrl: null,
  });
});
`;

interface Asset {
  type: string;
  read(): Buffer | string;
}

const fromSwaggerUi = (file: string, type: string): Asset => ({
  type,
  read: () => readFileSync(path.join(SWAGGER_UI_DIR, file)),
});

const ASSETS: Readonly<Record<string, Asset>> = {
  'swagger-ui.css': fromSwaggerUi('swagger-ui.css', 'text/css; charset=utf-8'),
  'swagger-ui-bundle.js': fromSwaggerUi('swagger-ui-bundle.js', 'text/javascript; charset=utf-8'),
  'favicon-32x32.png': fromSwaggerUi('favicon-32x32.png', 'image/png'),
  'facet-reference.js': { type: 'text/javascript; charset=utf-8', read: () => START_SCRIPT },
};

/** `GET /openapi.json`, `GET /docs` and the page's files; the document is built once, at its first request. */
export function referenceRoutes(buildDocument: () => unknown): AppRoute[] {
  let document: { text: string; etag: string } | undefined;
  const loaded = new Map<string, Buffer | string>();
  return [
    implement(API_DOCS_ENDPOINTS.document, async ({ request, reply }) => {
      if (!document) {
        const text = JSON.stringify(buildDocument());
        document = { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
      }
      // Large and unchanged until the next release: a client keeping it asks again cheaply.
      reply.header('etag', document.etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === document.etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(document.text);
    }),
    implement(API_DOCS_ENDPOINTS.reference, async ({ reply }) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
    ),
    implement(API_DOCS_ENDPOINTS.referenceAsset, async ({ params, reply }) => {
      const asset = Object.hasOwn(ASSETS, params.name) ? ASSETS[params.name] : undefined;
      if (!asset) throw new HttpError('E_NOT_FOUND', NO_SUCH_FILE);
      const body = loaded.get(params.name) ?? asset.read();
      loaded.set(params.name, body);
      return reply.type(asset.type).header('cache-control', 'public, max-age=3600').send(body);
    }),
  ];
}
