import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  ACCOUNT_ENDPOINTS,
  ACCOUNT_MESSAGES,
  accountResource,
  pathOf,
  resourcePaths,
  UPLOAD_ENDPOINTS,
  UPLOAD_MESSAGES,
  type UploadedFile,
  USER_TYPES,
} from '@facet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenSigner } from '../src/access/tokens.ts';
import { movePrivateDocumentsApart } from '../src/accounts/account-document-files.ts';
import { accountDocuments } from '../src/accounts/account-document-table.ts';
import { signedFileLink } from '../src/uploads/file-links.ts';
import { defaultUploadStorage, storeUpload } from '../src/uploads/upload-routes.ts';
import { uploads } from '../src/uploads/upload-table.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { userWithRole } from './user-admin.ts';

const ACCOUNT_MODULE_ID = 13;
const BANNER_MODULE_ID = 5;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type UploadAnswer = {
  status: number;
  body: { code: string; message: string; data: UploadedFile; errors?: { field: string; message: string }[] };
};

async function upload(
  server: TestServer,
  token: string | null,
  fields: { kind: string; model?: string; bytes: Buffer; name: string },
): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('kind', fields.kind);
  if (fields.model !== undefined) form.append('model', fields.model);
  form.append('file', new Blob([new Uint8Array(fields.bytes)]), fields.name);
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `JWT ${token}`;
  const response = await fetch(`${server.url}/${pathOf(UPLOAD_ENDPOINTS.upload)}`, {
    method: 'POST',
    body: form,
    headers,
  });
  return { status: response.status, body: (await response.json()) as UploadAnswer['body'] };
}

function get(server: TestServer, url: string, token?: string): Promise<Response> {
  return fetch(`${server.url}${url}`, token ? { headers: { authorization: `JWT ${token}` } } : {});
}

async function bytesOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe.skipIf(!(await databaseAvailable()))('private files: KYC documents and who may upload', () => {
  let server: TestServer;
  let token: string;
  let signer: TokenSigner;

  beforeAll(async () => {
    server = await startServer();
    token = await adminToken(server, server.client());
    signer = new TokenSigner(server.config.jwtSecret as string);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function createCompany(): Promise<string> {
    const code = `KYC${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
    const created = await server
      .client()
      .post<{ id: string }>(resourcePaths(accountResource).create, { name: `Company ${code}`, code }, token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data.id;
  }

  async function uploadKyc(): Promise<UploadedFile> {
    const answer = await upload(server, token, {
      kind: 'pdf',
      model: 'account',
      bytes: PDF,
      name: 'passport.pdf',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  }

  it('keeps a KYC document private: sign-in and the Account module, never a shared cache', async () => {
    const file = await uploadKyc();
    expect(file.isPrivate).toBe(true);
    expect(file.url).toBe(`/files/private/${file.id}/passport.pdf`);
    const [row] = await server.database.db.select().from(uploads).where(eq(uploads.id, file.id));
    expect(row).toMatchObject({ model: 'account', isPrivate: true, uploadedBy: expect.any(String) });
    // Apart from the public files on disk: nothing under the public shards can reach it.
    const privateRoot = path.join(server.dataDir, 'uploads', 'private');
    expect(existsSync(path.join(privateRoot, file.id.slice(0, 2), file.id.slice(2, 4), file.id))).toBe(true);
    expect(existsSync(path.join(server.dataDir, 'uploads', file.id.slice(0, 2), file.id.slice(2, 4)))).toBe(
      false,
    );

    const anonymous = await get(server, file.url);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'E_UNAUTHORIZED' });

    const bannerEditor = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: BANNER_MODULE_ID, permissions: { view: true, insert: true, update: true, delete: false } },
    ]);
    const outsider = await get(server, file.url, bannerEditor.token);
    expect(outsider.status).toBe(403);
    expect(await outsider.json()).toMatchObject({ code: 'E_FORBIDDEN' });

    // The same id at the public address is not found, for anyone.
    for (const guessed of [`/files/${file.id}/passport.pdf`, `/files/${file.id}/x.pdf`]) {
      const answer = await get(server, guessed, token);
      expect(answer.status, guessed).toBe(404);
      expect(await answer.json()).toMatchObject({ code: 'E_NOT_FOUND' });
    }

    const companyViewer = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: ACCOUNT_MODULE_ID, permissions: { view: true, insert: false, update: false, delete: false } },
    ]);
    for (const allowed of [token, companyViewer.token]) {
      const served = await get(server, file.url, allowed);
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toBe('private, no-store');
      expect(served.headers.get('content-type')).toBe('application/pdf');
      expect((await bytesOf(served)).equals(PDF)).toBe(true);
    }
  });

  it('lists documents with signed links that work without a token until they expire', async () => {
    const companyId = await createCompany();
    const file = await uploadKyc();
    const created = await server
      .client()
      .call(
        ACCOUNT_ENDPOINTS.createDocument,
        { documentType: 'Passport', fileUrl: file.url, fileId: file.id },
        { token, params: { id: companyId } },
      );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const details = await server
      .client()
      .call(ACCOUNT_ENDPOINTS.details, undefined, { token, params: { id: companyId } });
    const [document] = details.body.data.documents;
    expect(document?.fileUrl).toBe(file.url);
    const link = document?.fileLink ?? '';
    expect(link).toMatch(new RegExp(`^/files/private/${file.id}/passport\\.pdf\\?expires=\\d+&signature=`));

    const served = await get(server, link);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('private, no-store');
    expect((await bytesOf(served)).equals(PDF)).toBe(true);

    const url = new URL(link, server.url);
    const signature = url.searchParams.get('signature') ?? '';
    const expires = Number(url.searchParams.get('expires'));
    const tampered = [
      `${url.pathname}?expires=${expires + 3600}&signature=${signature}`,
      `${url.pathname}?expires=${expires}&signature=${signature.slice(0, -2)}${signature.endsWith('A') ? 'BB' : 'AA'}`,
      `${url.pathname}?expires=${expires}&signature=`,
      `${url.pathname}?expires=soon&signature=${signature}`,
      // Another private file cannot borrow the signature.
      `/files/private/${(await uploadKyc()).id}/passport.pdf?expires=${expires}&signature=${signature}`,
    ];
    for (const forged of tampered) {
      const answer = await get(server, forged);
      expect(answer.status, forged).toBe(403);
      expect(await answer.json()).toMatchObject({ code: 'E_FORBIDDEN' });
    }

    const shortLived = signedFileLink(signer, file.id, 'passport.pdf', new Date(Date.now() + 1500));
    expect((await get(server, shortLived)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await get(server, shortLived);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toMatchObject({ code: 'E_FORBIDDEN' });
  });

  it('refuses a document whose file was uploaded as public media', async () => {
    const companyId = await createCompany();
    const banner = await upload(server, token, { kind: 'image', model: 'banner', bytes: PNG, name: 'b.png' });
    expect(banner.status).toBe(200);
    const refused = await server
      .client()
      .call(
        ACCOUNT_ENDPOINTS.createDocument,
        { documentType: 'Passport', fileUrl: banner.body.data.url, fileId: banner.body.data.id },
        { token, params: { id: companyId } },
      );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'E_BAD_REQUEST',
      errors: [{ field: 'fileUrl', message: ACCOUNT_MESSAGES.fileNotPrivate }],
    });
    // The banner's image stays public.
    expect((await get(server, banner.body.data.url)).status).toBe(200);
  });

  it('keeps public media public and cacheable', async () => {
    const banner = await upload(server, token, {
      kind: 'image',
      model: 'banner',
      bytes: PNG,
      name: 'sale.png',
    });
    expect(banner.status, JSON.stringify(banner.body)).toBe(200);
    expect(banner.body.data.isPrivate).toBe(false);
    expect(banner.body.data.url).toBe(`/files/${banner.body.data.id}/sale.png`);
    const served = await get(server, banner.body.data.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await bytesOf(served)).equals(PNG)).toBe(true);
    // Not at the private address.
    expect((await get(server, `/files/private/${banner.body.data.id}/sale.png`, token)).status).toBe(404);
  });

  it('asks for the permission of the module the upload is for', async () => {
    const guest = await userWithRole(server, token, USER_TYPES.GUEST, 'admin', []);
    const customer = await userWithRole(server, token, USER_TYPES.CUSTOMER, 'admin', []);
    const bannerEditor = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: BANNER_MODULE_ID, permissions: { view: true, insert: true, update: false, delete: false } },
    ]);
    const bannerViewer = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: BANNER_MODULE_ID, permissions: { view: true, insert: false, update: false, delete: false } },
    ]);
    const before = await server.database.db.select({ id: uploads.id }).from(uploads);
    for (const [who, as, model] of [
      ['guest', guest.token, 'banner'],
      ['guest', guest.token, 'account'],
      ['customer', customer.token, 'banner'],
      ['banner viewer', bannerViewer.token, 'banner'],
      ['banner editor', bannerEditor.token, 'account'],
    ] as const) {
      const refused = await upload(server, as, { kind: 'image', model, bytes: PNG, name: 'x.png' });
      expect(refused.status, `${who} for ${model}`).toBe(403);
      expect(refused.body).toMatchObject({ code: 'E_FORBIDDEN' });
    }
    const missing = await upload(server, bannerEditor.token, { kind: 'image', bytes: PNG, name: 'x.png' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'model', message: UPLOAD_MESSAGES.unknownModel }]);
    const unknown = await upload(server, bannerEditor.token, {
      kind: 'image',
      model: 'nothing',
      bytes: PNG,
      name: 'x.png',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.field).toBe('model');
    expect(await server.database.db.select({ id: uploads.id }).from(uploads)).toHaveLength(before.length);

    const allowed = await upload(server, bannerEditor.token, {
      kind: 'image',
      model: 'banner',
      bytes: PNG,
      name: 'x.png',
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect((await get(server, '/files/nothing')).status).toBe(404);
  });

  it('moves KYC files stored before this change into the private area at start, once', async () => {
    const companyId = await createCompany();
    const storage = defaultUploadStorage(server.dataDir);
    const [adminRow] = await server.database.db.select().from(uploads).limit(1);
    const actor = {
      auth: { user: { id: adminRow?.uploadedBy as string } },
      client: { ip: '127.0.0.1', userAgent: 'test' },
    } as Parameters<typeof storeUpload>[2];
    // As the old code stored them: public, under the public shards, linked by the public url.
    const legacy = await storeUpload(server.database.db, storage, actor, {
      kind: 'pdf',
      name: 'licence.pdf',
      mimeType: 'application/pdf',
      size: PDF.length,
      sha256: 'legacy',
      stream: (await import('node:stream')).Readable.from([PDF]),
    });
    expect(legacy.url).toBe(`/files/${legacy.id}/licence.pdf`);
    const [document] = await server.database.db
      .insert(accountDocuments)
      .values({ accountId: companyId, documentType: 'Licence', fileUrl: legacy.url, fileId: null })
      .returning();
    expect((await get(server, legacy.url)).status).toBe(200);

    // A second instance starting on the same database and files does the move.
    const { buildApp } = await import('../src/app.ts');
    const second = await buildApp(server.config, { database: server.database });
    await second.close();

    const [moved] = await server.database.db.select().from(uploads).where(eq(uploads.id, legacy.id));
    expect(moved).toMatchObject({ isPrivate: true, model: 'account' });
    const [rewritten] = await server.database.db
      .select()
      .from(accountDocuments)
      .where(eq(accountDocuments.id, document?.id as string));
    expect(rewritten?.fileUrl).toBe(`/files/private/${legacy.id}/licence.pdf`);
    expect((await get(server, legacy.url)).status).toBe(404);
    expect((await get(server, rewritten?.fileUrl as string)).status).toBe(401);
    const served = await get(server, rewritten?.fileUrl as string, token);
    expect(served.status).toBe(200);
    expect((await bytesOf(served)).equals(PDF)).toBe(true);

    // Idempotent, also when a crash left the file moved but its row not yet updated.
    await server.database.db
      .update(uploads)
      .set({ isPrivate: false, storageKey: moved?.storageKey.replace(/^private\//, '') ?? '' })
      .where(eq(uploads.id, legacy.id));
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    expect(await movePrivateDocumentsApart(server.database.db, storage, log)).toBe(1);
    expect(await movePrivateDocumentsApart(server.database.db, storage, log)).toBe(0);
    const again = await get(server, rewritten?.fileUrl as string, token);
    expect(again.status).toBe(200);
    expect((await bytesOf(again)).equals(PDF)).toBe(true);
  });
});

describe.skipIf(!(await databaseAvailable()))('the upload quota', () => {
  // Per user: one server, one user per limit.
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer({ UPLOAD_QUOTA_FILES_PER_DAY: '4', UPLOAD_QUOTA_MB_PER_DAY: '1' });
    token = await adminToken(server, server.client());
  });
  afterAll(async () => {
    await server?.close();
  });

  async function uploadedBytesOf(userId: string): Promise<number[]> {
    const rows = await server.database.db
      .select({ size: uploads.size })
      .from(uploads)
      .where(eq(uploads.uploadedBy, userId));
    return rows.map((row) => row.size);
  }

  it('lets exactly the quota of files through parallel uploads, then refuses with 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        upload(server, token, { kind: 'image', model: 'banner', bytes: PNG, name: `p${index}.png` }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(4);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(8);
    expect(refused[0]?.body).toEqual({ code: 'E_TOO_MANY_REQUESTS', message: UPLOAD_MESSAGES.quotaFiles(4) });
    const [first] = await server.database.db.select({ by: uploads.uploadedBy }).from(uploads).limit(1);
    expect(await uploadedBytesOf(first?.by as string)).toHaveLength(4);
    // Nothing of the refused files stays on disk.
    expect(storedFileCount(server)).toBe(4);
  });

  it('holds the daily bytes under parallel uploads, for each user apart', async () => {
    const editor = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: BANNER_MODULE_ID, permissions: { view: true, insert: true, update: false, delete: false } },
    ]);
    // 300 KB each: three fit in 1 MB, the fourth would not (the file count, 4, is not reached).
    const big = Buffer.concat([PNG, Buffer.alloc(300 * 1024 - PNG.length)]);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        upload(server, editor.token, { kind: 'image', model: 'banner', bytes: big, name: `b${index}.png` }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.body).toEqual({ code: 'E_TOO_MANY_REQUESTS', message: UPLOAD_MESSAGES.quotaBytes(1) });
    expect(await uploadedBytesOf(editor.user.id)).toEqual([big.length, big.length, big.length]);
  });
});

function storedFileCount(server: TestServer): number {
  const walk = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce(
      (count, entry) => count + (entry.isDirectory() ? walk(path.join(dir, entry.name)) : 1),
      0,
    );
  return walk(path.join(server.dataDir, 'uploads'));
}
