import { FILES_PATH, PRIVATE_FILES_PATH } from '@facet/contract';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

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

/** Headers of any answer that are not helmet's: what the captured answers carry beside them. */
const NOT_HELMETS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers helmet writes for `options`, captured once from an answer of a throwaway instance: they
 * depend on the options alone. @fastify/helmet builds helmet's middleware again for every request
 * (parsing the CSP directives each time), which showed in the request path's profile.
 */
async function helmetHeaders(
  options: FastifyHelmetOptions,
  variant?: Parameters<FastifyReply['helmet']>[0],
): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async (_request, reply) => {
    if (variant) reply.helmet(variant);
    return 'ok';
  });
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (!NOT_HELMETS.has(name) && value !== undefined) headers[name] = String(value);
  }
  return headers;
}

/**
 * Helmet's headers on every answer (the panel, its files, the API's JSON and errors): the CSP above,
 * no framing by other sites (frame-ancestors 'none' and X-Frame-Options DENY), no MIME sniffing, no
 * referrer, HSTS, and the cross-origin isolation headers. Uploaded files differ in two ways: the panel
 * shows them in its own frames (a certificate PDF), and public media (banners, stone images) are shown
 * by the customer apps from their own origins. The three sets are helmet's own, computed once.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const directives = panelDirectives({ https: publicUrl.startsWith('https://') });
  const options: FastifyHelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  };
  const file = (policy: 'same-origin' | 'cross-origin') =>
    helmetHeaders(options, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { ...directives, frameAncestors: ["'self'"] },
      },
      xFrameOptions: { action: 'sameorigin' },
      crossOriginResourcePolicy: { policy },
    });
  const [everyAnswer, privateFile, publicFile] = await Promise.all([
    helmetHeaders(options),
    file('same-origin'),
    file('cross-origin'),
  ]);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(isFile(url) ? (isPrivateFile(url) ? privateFile : publicFile) : everyAnswer);
    done();
  });
}
