import { existsSync } from 'node:fs';
import path from 'node:path';
import { PANEL_BASE } from '@facet/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const NOT_BUILT = 'The panel is not built: run npm run build';

/** Browser routes of the single-page panel: the server answers them with index.html. */
export function isPanelPath(pathname: string): boolean {
  return (
    pathname === '/' ||
    pathname === '/signup' ||
    pathname.startsWith('/signup/') ||
    pathname === PANEL_BASE ||
    pathname.startsWith(`${PANEL_BASE}/`)
  );
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || accept.includes('*/*') || accept === '';
}

/**
 * Serves the built panel from WEB_DIST_DIR: files as the build compressed them (hashed assets cached for a year),
 * and index.html for the panel's own routes so deep links survive a reload.
 */
export async function registerPanel(app: FastifyInstance, webDistDir: string): Promise<void> {
  const built = existsSync(path.join(webDistDir, 'index.html'));
  // The build writes a brotli and a gzip copy beside each text file: served in the encoding the browser
  // accepts, with no compression work per request.
  if (built) await app.register(fastifyStatic, { root: webDistDir, serve: false, preCompressed: true });

  app.route({
    method: 'GET',
    url: '/*',
    config: { access: { public: true } },
    handler: async (request, reply) => {
      const pathname = `/${(request.params as { '*'?: string })['*'] ?? ''}`;
      if (isPanelPath(pathname) && acceptsHtml(request)) {
        if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
        // Always revalidated, so a deploy's new asset names are picked up at once.
        return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
      }
      if (!built) return reply.callNotFound();
      const hashedAsset = pathname.startsWith('/assets/');
      return reply.sendFile(
        pathname.slice(1),
        hashedAsset ? { maxAge: '365d', immutable: true } : { maxAge: 0 },
      );
    },
  });
}
