import { FILES_PATH, PRIVATE_FILES_PATH } from '@facet/contract';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

type Directives = Record<string, string[]>;

/**
 * The panel's Content-Security-Policy. Scripts come from the panel's own files only (no inline script,
 * no eval), and it talks to its own API only. Styles need 'unsafe-inline': antd's CSS-in-JS takes a
 * nonce, but the scroll lock of its modals and drawers (@rc-component/portal) injects <style> tags that
 * cannot carry one, and with a nonce in the list browsers ignore 'unsafe-inline'. Stone images, videos
 * and certificates come from the stock system's hosts, hence https: for media and frames (never for
 * scripts, styles or connections).
 */
export function panelDirectives(options: { https: boolean }): Directives {
  const directives: Directives = {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    frameSrc: ["'self'", 'https:'],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    manifestSrc: ["'self'"],
    mediaSrc: ["'self'", 'blob:', 'https:'],
    objectSrc: ["'none'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    workerSrc: ["'self'", 'blob:'],
  };
  // Over plain HTTP (an office network), upgrading would point the panel's own requests at a port
  // that does not speak TLS.
  if (options.https) directives.upgradeInsecureRequests = [];
  return directives;
}

const isFile = (url: string) => url.startsWith(`/${FILES_PATH}/`);
const isPrivateFile = (url: string) => url.startsWith(`/${PRIVATE_FILES_PATH}/`);

/**
 * Helmet's headers on every answer (the panel, its files, the API's JSON and errors): the CSP above,
 * no framing by other sites (frame-ancestors 'none' and X-Frame-Options DENY), no MIME sniffing, no
 * referrer, HSTS, and the cross-origin isolation headers. Uploaded files differ in two ways: the panel
 * shows them in its own frames (a certificate PDF), and public media (banners, stone images) are shown
 * by the customer apps from their own origins.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const directives = panelDirectives({ https: publicUrl.startsWith('https://') });
  const options: FastifyHelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  };
  await app.register(helmet, options);
  app.addHook('onRequest', async (request, reply) => {
    if (!isFile(request.url)) return;
    reply.helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { ...directives, frameAncestors: ["'self'"] },
      },
      xFrameOptions: { action: 'sameorigin' },
      crossOriginResourcePolicy: { policy: isPrivateFile(request.url) ? 'same-origin' : 'cross-origin' },
    });
  });
}
