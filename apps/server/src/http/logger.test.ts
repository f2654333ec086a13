import { Writable } from 'node:stream';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, OneLinePerRequest, redactUrl } from './logger.ts';

describe('redactUrl', () => {
  it('hides token query values', () => {
    expect(redactUrl('/hkadmin/signin?token=abc.def&x=1')).toBe('/hkadmin/signin?token=[redacted]&x=1');
  });
  it('hides reset ids in paths', () => {
    expect(redactUrl('/hkadmin/reset-password/Zm9v?a=b')).toBe('/hkadmin/reset-password/[redacted]?a=b');
  });
  it('leaves ordinary URLs alone', () => {
    expect(redactUrl('/admin/auth/login')).toBe('/admin/auth/login');
  });
});

/** Secrets a request may carry, each a text no log line may contain. */
const SECRETS = {
  authorization: 'JWT header.secret-jwt-in-header.sig',
  cookie: 'session=secret-cookie-value',
  urlToken: 'secret-url-token',
  resetId: 'secret-reset-id',
  password: 'secret-password-value',
  newPassword: 'secret-new-password',
  otp: '918273',
  token: 'secret-body-token',
};

/** A server logging as the real one does, its lines kept; one route logs its body, one fails. */
async function serverWithLines(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const options = loggerOptions({ level, pretty: false }) as Exclude<FastifyServerOptions['logger'], boolean>;
  const app = Fastify({ logger: { ...options, stream }, logController: new OneLinePerRequest() });
  app.post('/echo/*', async (request) => {
    request.log.info({ body: request.body }, 'body received');
    return { ok: true };
  });
  app.get('/quiet', { logLevel: 'warn' }, async () => ({ ok: true }));
  app.post('/fail', async () => {
    throw new Error('failed on purpose');
  });
  await app.ready();
  return { app, lines };
}

const secretRequest = (url: string) => ({
  method: 'POST' as const,
  url,
  headers: { authorization: SECRETS.authorization, cookie: SECRETS.cookie },
  payload: {
    password: SECRETS.password,
    newPassword: SECRETS.newPassword,
    otp: SECRETS.otp,
    token: SECRETS.token,
  },
});

function expectNoSecret(lines: readonly Record<string, unknown>[]) {
  const text = JSON.stringify(lines);
  for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
}

describe('request logging', () => {
  it('writes one line per request, with the method, the redacted URL, the status, the time and the id', async () => {
    const { app, lines } = await serverWithLines();
    await app.inject(secretRequest(`/echo/reset-password/${SECRETS.resetId}?token=${SECRETS.urlToken}`));
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      level: 30,
      reqId: expect.any(String),
      req: { method: 'POST', url: '/echo/reset-password/[redacted]?token=[redacted]' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(Object.keys(completed[0]?.req as object).sort()).toEqual(['method', 'remoteAddress', 'url']);
    // The line is the request's: the body line logged by its route has the same id.
    expect(lines.find((line) => line.msg === 'body received')?.reqId).toBe(completed[0]?.reqId);
    await app.close();
  });

  it('never writes a secret of the headers, the URL or the body, on any line', async () => {
    const { app, lines } = await serverWithLines();
    await app.inject(secretRequest(`/echo/reset-password/${SECRETS.resetId}?token=${SECRETS.urlToken}`));
    await app.inject(secretRequest(`/fail?jwt=${SECRETS.urlToken}`));
    expect(lines.some((line) => line.msg === 'body received')).toBe(true);
    expect(lines.some((line) => line.msg === 'request errored' || line.msg === 'failed on purpose')).toBe(
      true,
    );
    expectNoSecret(lines);
    // Lines other than the request line keep the wildcard redaction.
    expect(lines.find((line) => line.msg === 'body received')?.body).toMatchObject({
      password: '[redacted]',
      newPassword: '[redacted]',
      otp: '[redacted]',
      token: '[redacted]',
    });
    await app.close();
  });

  it("keeps a route's own log level", async () => {
    const { app, lines } = await serverWithLines();
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(lines.filter((line) => line.msg === 'request completed')).toHaveLength(0);
    await app.close();
  });
});
