import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AUTH_ENDPOINTS,
  FILES_PATH,
  HEALTH_ENDPOINTS,
  PANEL_BASE,
  pathOf,
  ROLE_ENDPOINTS,
} from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';

/** The policy's directives, by name. */
function directivesOf(headers: Headers): Map<string, string[]> {
  const policy = headers.get('content-security-policy') ?? '';
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

function expectStrictHeaders(headers: Headers, label: string) {
  const directives = directivesOf(headers);
  expect(directives.get('default-src'), label).toEqual(["'self'"]);
  expect(directives.get('script-src'), label).toEqual(["'self'"]);
  expect(directives.get('script-src-attr'), label).toEqual(["'none'"]);
  expect(directives.get('object-src'), label).toEqual(["'none'"]);
  expect(directives.get('connect-src'), label).toEqual(["'self'"]);
  expect(directives.get('base-uri'), label).toEqual(["'self'"]);
  expect(directives.get('img-src'), label).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
  expect(headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(headers.get('referrer-policy'), label).toBe('no-referrer');
  expect(headers.get('strict-transport-security'), label).toMatch(/max-age=\d+/);
  expect(headers.get('cross-origin-opener-policy'), label).toBe('same-origin');
  expect(headers.get('x-permitted-cross-domain-policies'), label).toBe('none');
  expect(headers.get('x-powered-by'), label).toBeNull();
  return directives;
}

/** Helmet's headers: a strict CSP and no framing on the panel and every API answer. */
describe.skipIf(!(await databaseAvailable()))('security headers', () => {
  let server: TestServer;
  let token: string;
  const webDir = mkdtempSync(path.join(tmpdir(), 'facet-web-'));

  beforeAll(async () => {
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>Facet</title><div id="root"></div>',
    );
    writeFileSync(path.join(webDir, 'assets', 'main-abc123.js'), 'console.log("panel")');
    server = await startServer({ WEB_DIST_DIR: webDir });
    token = await adminToken(server, server.client());
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('sends a strict policy and refuses framing on the panel and its files', async () => {
    for (const page of ['/', `${PANEL_BASE}/stock`]) {
      const response = await server.client().request('GET', page, { headers: { accept: 'text/html' } });
      expect(response.status, page).toBe(200);
      const directives = expectStrictHeaders(response.headers, page);
      expect(directives.get('frame-ancestors'), page).toEqual(["'none'"]);
      expect(response.headers.get('x-frame-options'), page).toBe('DENY');
    }
    const asset = await server.client().get('assets/main-abc123.js');
    expect(asset.status).toBe(200);
    expectStrictHeaders(asset.headers, 'asset');
    expect(asset.headers.get('x-frame-options')).toBe('DENY');
  });

  it('sends them on API answers too: success, refusal, validation error and not found', async () => {
    const answers = {
      health: await server.client().call(HEALTH_ENDPOINTS.check),
      signedIn: await server.client().call(ROLE_ENDPOINTS.paginate, {}, { token }),
      unauthorised: await server.client().call(ROLE_ENDPOINTS.paginate, {}),
      invalid: await server.client().request('POST', pathOf(AUTH_ENDPOINTS.login), { body: { username: 1 } }),
      notFound: await server.client().post('apis/no-such-route', {}),
    };
    for (const [label, response] of Object.entries(answers)) {
      expect(response.headers.get('content-type'), label).toMatch(/application\/json/);
      const directives = expectStrictHeaders(response.headers, label);
      expect(directives.get('frame-ancestors'), label).toEqual(["'none'"]);
      expect(response.headers.get('x-frame-options'), label).toBe('DENY');
    }
    expect(answers.unauthorised.status).toBe(401);
    expect(answers.invalid.status).toBe(400);
    expect(answers.notFound.status).toBe(404);
  });

  it('lets the panel frame uploaded files, and other sites show public media', async () => {
    const response = await server.client().get(`${FILES_PATH}/00000000-0000-4000-8000-000000000000/a.pdf`);
    expect(response.status).toBe(404);
    const directives = expectStrictHeaders(response.headers, 'file');
    expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });
});
