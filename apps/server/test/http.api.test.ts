import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import {
  AUTH_ENDPOINTS,
  AUTH_MESSAGES,
  AUTH_RESULTS,
  HEALTH_ENDPOINTS,
  MIN_PASSWORD_LENGTH,
  pathOf,
} from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';

describe.skipIf(!(await databaseAvailable()))('HTTP conventions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers health with a database check', async () => {
    const response = await server.client().call(HEALTH_ENDPOINTS.check);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ code: 'OK', message: 'healthy', data: { database: 'ok' } });
    expect(response.body.data.uptimeSeconds).toBeTypeOf('number');
  });

  it('gives the contract messages for empty bodies', async () => {
    const client = server.client();
    const signIn = await client.request('POST', pathOf(AUTH_ENDPOINTS.sendLoginOtp), { body: {} });
    expect(signIn.status).toBe(400);
    expect(signIn.body).toEqual({
      code: 'E_BAD_REQUEST',
      message: AUTH_MESSAGES.usernameInvalid,
      errors: [
        { field: 'username', message: AUTH_MESSAGES.usernameInvalid },
        { field: 'password', message: AUTH_MESSAGES.passwordRequired },
      ],
    });
    // No body at all behaves as {}.
    const noBody = await client.call(AUTH_ENDPOINTS.sendLoginOtp);
    expect(noBody.body.errors).toEqual(signIn.body.errors);

    const register = await client.request('POST', pathOf(AUTH_ENDPOINTS.register), { body: {} });
    expect(register.body.errors).toEqual([
      { field: 'name', message: AUTH_MESSAGES.signupNameRequired },
      { field: 'email', message: AUTH_MESSAGES.emailInvalid },
      { field: 'password', message: AUTH_MESSAGES.passwordRequired },
    ]);
    const forgot = await client.request('POST', pathOf(AUTH_ENDPOINTS.forgotPassword), { body: {} });
    expect(forgot.body.errors).toEqual([{ field: 'username', message: AUTH_MESSAGES.emailRequired }]);
    const login = await client.request('POST', pathOf(AUTH_ENDPOINTS.login), {
      body: { username: 'a', password: 'b' },
    });
    expect(login.body.errors).toEqual([{ field: 'otp', message: AUTH_MESSAGES.otpRequired }]);
    const shortPassword = await client.call(AUTH_ENDPOINTS.resetPassword, {
      token: 'x',
      newPassword: 'short',
    });
    expect(shortPassword.body.errors).toEqual([
      { field: 'newPassword', message: AUTH_MESSAGES.newPasswordTooShort },
    ]);
    expect(MIN_PASSWORD_LENGTH).toBe(8);
  });

  it('refuses wrong types with field errors', async () => {
    const response = await server.client().request('POST', pathOf(AUTH_ENDPOINTS.sendLoginOtp), {
      body: { username: 42, password: ['x'], isResendOtp: 'yes' },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors?.map((error) => error.field)).toEqual([
      'username',
      'password',
      'isResendOtp',
    ]);
    expect(response.body.message).toBe(AUTH_MESSAGES.usernameInvalid);
  });

  it('answers malformed JSON, wrong content types and oversized bodies with E_BAD_REQUEST', async () => {
    const client = server.client();
    const malformed = await client.request('POST', pathOf(AUTH_ENDPOINTS.sendLoginOtp), {
      rawBody: '{"username": ',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ code: 'E_BAD_REQUEST', message: 'Malformed JSON body' });

    const text = await client.request('POST', pathOf(AUTH_ENDPOINTS.sendLoginOtp), {
      rawBody: 'username=admin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.status).toBe(415);
    expect(text.body.code).toBe('E_BAD_REQUEST');

    const huge = await client.request('POST', pathOf(AUTH_ENDPOINTS.sendLoginOtp), {
      rawBody: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('E_BAD_REQUEST');
  });

  it('answers unknown API routes with the 404 envelope', async () => {
    const client = server.client();
    const post = await client.post('admin/nothing-here', {});
    expect(post.status).toBe(404);
    expect(post.body).toEqual({ code: 'E_NOT_FOUND', message: expect.any(String) });
    const get = await client.get('apis/unknown/thing');
    expect(get.status).toBe(404);
    expect(get.body.code).toBe('E_NOT_FOUND');
  });

  it('never leaks a stack trace', async () => {
    const response = await server
      .client()
      .call(AUTH_ENDPOINTS.sendLoginOtp, { username: 'a'.repeat(300), password: 'x' });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts:\d+/);
    expect(AUTH_RESULTS.invalidCredentials).toBeTypeOf('string');
  });
});

describe.skipIf(!(await databaseAvailable()))('startup guards', () => {
  it('refuses to build an app with a route that declares no access', async () => {
    await expect(
      startServer({}, { register: (app) => app.get('/forgotten', async () => ({ ok: true })) }),
    ).rejects.toThrow(/declares no access/);
  });

  it('turns unexpected errors into a generic 500', async () => {
    const server = await startServer(
      {},
      {
        register: (app) =>
          app.get('/boom', { config: { access: { public: true } } }, async () => {
            throw new Error('secret internals');
          }),
      },
    );
    try {
      const response = await server.client().get('boom');
      expect(response.status).toBe(500);
      expect(response.body.code).toBe('E_ERROR');
      expect(JSON.stringify(response.body)).not.toContain('secret internals');
    } finally {
      await server.close();
    }
  });

  it('serves the compressed copy the build wrote, in the encoding the browser accepts', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'facet-web-'));
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    const script = 'console.log("stones");'.repeat(200);
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Facet</title>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    const server = await startServer({ WEB_DIST_DIR: dist });
    try {
      const url = `${server.url}/assets/app-abc123.js`;
      const get = (encoding: string) => fetch(url, { headers: { 'accept-encoding': encoding } });
      const brotli = await get('gzip, deflate, br');
      expect(brotli.headers.get('content-encoding')).toBe('br');
      expect(brotli.headers.get('content-type')).toMatch(/javascript/);
      expect(brotli.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
      expect(await brotli.text()).toBe(script);
      const gzip = await get('gzip');
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(await gzip.text()).toBe(script);
      const plain = await get('identity');
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(script);
    } finally {
      await server.close();
    }
  });
});

describe.skipIf(!(await databaseAvailable()))('panel', () => {
  it('answers panel routes with 503 when the panel is not built', async () => {
    const server = await startServer();
    try {
      const missing = await server
        .client()
        .request('GET', '/hkadmin/signin', { headers: { accept: 'text/html' } });
      expect(missing.status).toBe(503);
      expect(missing.body).toBe('The panel is not built: run npm run build');
    } finally {
      await server.close();
    }
  });

  it('serves index.html for panel routes, assets with long caching, and 404s the rest as a page or an envelope', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'facet-web-'));
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Facet</title>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const server = await startServer({ WEB_DIST_DIR: dist });
    try {
      const client = server.client();
      const html = { headers: { accept: 'text/html,application/xhtml+xml' } };
      for (const page of ['/', '/signup', '/signup/step', '/hkadmin', '/hkadmin/anything/deep?x=1']) {
        const response = await client.request('GET', page, html);
        expect(response.status, page).toBe(200);
        expect(response.body, page).toContain('<title>Facet</title>');
        expect(response.headers.get('cache-control'), page).toBe('no-cache');
      }
      const asset = await client.request('GET', '/assets/app-abc123.js');
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
      // A browser gets a page with the way into the panel; an API client, the envelope.
      const unknown = await client.request('GET', '/not-a-panel-page', html);
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-type')).toContain('text/html');
      expect(unknown.body).toContain('Page not found');
      expect(unknown.body).toContain('href="/hkadmin/dashboard"');
      const unknownToApi = await client.request('GET', '/not-a-panel-page');
      expect(unknownToApi.status).toBe(404);
      expect(unknownToApi.body).toMatchObject({ code: 'E_NOT_FOUND' });
      // Under the API's roots, a miss is the API's, whoever asks.
      const unknownApiPath = await client.request('GET', '/apis/no-such-call', html);
      expect(unknownApiPath.status).toBe(404);
      expect(unknownApiPath.body).toMatchObject({ code: 'E_NOT_FOUND' });
      const missingAsset = await client.request('GET', '/assets/gone.js');
      expect(missingAsset.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
