import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  AUDIT_ENDPOINTS,
  FILES_PATH,
  pathOf,
  UPLOAD_ENDPOINTS,
  UPLOAD_MAX_BYTES,
  UPLOAD_MESSAGES,
  type UploadedFile,
  type UploadKind,
} from '@facet/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../src/resources/audit-table.ts';
import { BAD_MULTIPART } from '../src/uploads/receive-file.ts';
import { NOT_MULTIPART, uploadTempDir } from '../src/uploads/upload-routes.ts';
import { uploads } from '../src/uploads/upload-table.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';

/** Real, tiny files: built here so the test carries its own fixtures. */
const FILES = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  jpeg: Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00,
    0x01, 0x00, 0x00, 0xff, 0xd9,
  ]),
  pdf: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
  json: Buffer.from(JSON.stringify({ shapes: ['Round', 'Pear'], carats: [0.5, 1.01] })),
  /** An `ftyp` box with the isom brand and an empty `free` box: enough for content sniffing. */
  mp4: Buffer.concat([
    Buffer.from([0, 0, 0, 0x20]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2avc1mp41'),
    Buffer.from([0, 0, 0, 8]),
    Buffer.from('free'),
  ]),
  /** An MPEG-2 program stream pack header. */
  mpeg: Buffer.concat([
    Buffer.from([0, 0, 1, 0xba, 0x44, 0, 4, 0, 4, 1, 1, 0x89, 0xc3, 0xf8]),
    Buffer.alloc(64),
  ]),
  html: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
};

interface UploadOptions {
  kind?: string;
  /** The resource the file is for; public media (banner) unless told. */
  model?: string;
  token?: string;
  /** Put the kind after the file part. */
  kindLast?: boolean;
  extra?: (form: FormData) => void;
}

describe.skipIf(!(await databaseAvailable()))('uploads', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer();
    token = await adminToken(server, server.client());
  });
  afterAll(async () => {
    await server?.close();
  });

  async function upload(bytes: Buffer | null, name: string, options: UploadOptions = {}) {
    const form = new FormData();
    const kind = options.kind;
    form.append('model', options.model ?? 'banner');
    if (kind !== undefined && !options.kindLast) form.append('kind', kind);
    if (bytes) form.append('file', new Blob([new Uint8Array(bytes)]), name);
    if (kind !== undefined && options.kindLast) form.append('kind', kind);
    options.extra?.(form);
    const headers: Record<string, string> = {};
    const auth = options.token ?? token;
    if (auth) headers.authorization = `JWT ${auth}`;
    const response = await fetch(`${server.url}/${pathOf(UPLOAD_ENDPOINTS.upload)}`, {
      method: 'POST',
      body: form,
      headers,
    });
    return {
      status: response.status,
      body: (await response.json()) as {
        code: string;
        message: string;
        data: UploadedFile;
        errors?: { field: string }[];
      },
    };
  }

  function storedFiles(): string[] {
    const walk = (dir: string): string[] => {
      try {
        return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
        );
      } catch {
        return [];
      }
    };
    return [...walk(path.join(server.dataDir, 'uploads')), ...walk(uploadTempDir(server.dataDir))];
  }

  async function expectRefused(
    response: Awaited<ReturnType<typeof upload>>,
    message: string,
    status = 400,
  ): Promise<void> {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(response.body.code).toBe(status === 401 ? 'E_UNAUTHORIZED' : 'E_BAD_REQUEST');
    expect(response.body.message).toBe(message);
  }

  const accepted: [UploadKind, keyof typeof FILES, string, string][] = [
    ['image', 'png', 'stone.png', 'image/png'],
    ['image', 'jpeg', 'stone.jpg', 'image/jpeg'],
    ['image', 'jpeg', 'STONE.JPEG', 'image/jpeg'],
    ['image', 'gif', 'spin.gif', 'image/gif'],
    ['pdf', 'pdf', 'certificate.pdf', 'application/pdf'],
    ['json', 'json', 'stones.json', 'application/json'],
    ['video', 'mp4', 'spin.mp4', 'video/mp4'],
    ['video', 'mpeg', 'spin.mpeg', 'video/mpeg'],
    ['video', 'gif', 'spin.gif', 'image/gif'],
  ];

  it.each(accepted)(
    'stores a %s (%s) and serves it back byte for byte',
    async (kind, fixture, name, mime) => {
      const bytes = FILES[fixture];
      const response = await upload(bytes, name, { kind });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toMatchObject({ code: 'OK', message: UPLOAD_MESSAGES.uploaded });
      const file = response.body.data;
      const storedName = name.replace('JPEG', 'jpeg');
      expect(file).toMatchObject({ kind, name: storedName, mimeType: mime, size: bytes.length });
      expect(file.url).toBe(`/${FILES_PATH}/${file.id}/${storedName}`);

      const served = await fetch(`${server.url}${file.url}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
      expect(served.headers.get('content-type')).toBe(mime);
      expect(served.headers.get('content-length')).toBe(String(bytes.length));
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toContain('immutable');
      expect(served.headers.get('content-disposition')).toBe(
        `${kind === 'json' ? 'attachment' : 'inline'}; filename="${storedName}"`,
      );
      const etag = served.headers.get('etag');
      const [row] = await server.database.db.select().from(uploads).where(eq(uploads.id, file.id));
      expect(etag).toBe(`"${row?.sha256}"`);
      expect(row?.storageKey).toBe(`${file.id.slice(0, 2)}/${file.id.slice(2, 4)}/${file.id}`);

      const revalidated = await fetch(`${server.url}${file.url}`, {
        headers: { 'if-none-match': etag ?? '' },
      });
      expect(revalidated.status).toBe(304);
    },
  );

  it('records the upload in the audit log, with who uploaded it', async () => {
    const { body } = await upload(FILES.png, 'audited.png', { kind: 'image' });
    const [row] = await server.database.db.select().from(uploads).where(eq(uploads.id, body.data.id));
    expect(row?.uploadedBy).toBeTruthy();
    const trail = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, 'upload'), eq(auditLogs.entityId, body.data.id)));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'upload.create', actorId: row?.uploadedBy });

    // The trail's own endpoint finds it by entity type: who uploaded which file, its size and type.
    const answered = await server
      .client()
      .call(
        AUDIT_ENDPOINTS.paginate,
        { filter: { entityType: 'upload', entityId: body.data.id } },
        { token: token },
      );
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.data.list).toEqual([
      expect.objectContaining({
        action: 'upload.create',
        actorId: row?.uploadedBy,
        actorName: 'Super Admin',
        after: expect.objectContaining({
          kind: 'image',
          name: 'audited.png',
          mimeType: 'image/png',
          size: FILES.png.length,
        }),
      }),
    ]);
  });

  it('serves byte ranges, for video seeking', async () => {
    const { body } = await upload(FILES.mp4, 'seek.mp4', { kind: 'video' });
    const url = `${server.url}${body.data.url}`;
    const part = await fetch(url, { headers: { range: 'bytes=4-11' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${FILES.mp4.length}`);
    expect(Buffer.from(await part.arrayBuffer()).toString()).toBe('ftypisom');
    const tail = await fetch(url, { headers: { range: 'bytes=-4' } });
    expect(Buffer.from(await tail.arrayBuffer()).toString()).toBe('free');
    const beyond = await fetch(url, { headers: { range: `bytes=${FILES.mp4.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${FILES.mp4.length}`);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(FILES.mp4.length));
  });

  it('answers 404 envelopes for unknown or malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '..%2F..%2Fjwt-secret']) {
      const response = await server.client().get(`${FILES_PATH}/${id}/x.png`);
      expect(response.status, id).toBe(404);
      expect(response.body.code).toBe('E_NOT_FOUND');
    }
  });

  it('refuses an upload without a token', async () => {
    await expectRefused(
      await upload(FILES.png, 'a.png', { kind: 'image', token: '' }),
      'Please sign in.',
      401,
    );
  });

  it('refuses bodies that are not multipart', async () => {
    const client = server.client();
    for (const [contentType, rawBody] of [
      ['application/json', '{"kind":"image"}'],
      ['text/plain', 'hello'],
      ['application/octet-stream', 'raw bytes'],
      ['image/png', FILES.png.toString('latin1')],
    ] as const) {
      const response = await client.request('POST', pathOf(UPLOAD_ENDPOINTS.upload), {
        token,
        rawBody,
        headers: { 'content-type': contentType },
      });
      expect(response.status, contentType).toBe(400);
      expect(response.body).toMatchObject({ code: 'E_BAD_REQUEST', message: NOT_MULTIPART });
    }
    const empty = await client.request('POST', pathOf(UPLOAD_ENDPOINTS.upload), { token });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(NOT_MULTIPART);
  });

  it('refuses malformed multipart', async () => {
    const response = await server.client().request('POST', pathOf(UPLOAD_ENDPOINTS.upload), {
      token,
      rawBody: '--b\r\nContent-Disposition: form-data; name="kind"\r\n\r\nimage\r\n--b\r\nContent-Dispo',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'E_BAD_REQUEST', message: BAD_MULTIPART });
  });

  it('asks for the file and for a known kind', async () => {
    const before = storedFiles();
    await expectRefused(await upload(null, '', { kind: 'image' }), UPLOAD_MESSAGES.missingFile);
    await expectRefused(
      await upload(Buffer.alloc(0), 'empty.png', { kind: 'image' }),
      UPLOAD_MESSAGES.missingFile,
    );
    await expectRefused(await upload(FILES.png, 'a.png'), UPLOAD_MESSAGES.unknownKind);
    await expectRefused(
      await upload(FILES.png, 'a.png', { kind: 'executable' }),
      UPLOAD_MESSAGES.unknownKind,
    );
    await expectRefused(
      await upload(FILES.png, 'a.png', { kind: 'executable', kindLast: true }),
      UPLOAD_MESSAGES.unknownKind,
    );
    const fileUnderAnotherName = await upload(null, '', {
      kind: 'image',
      extra: (form) => form.append('attachment', new Blob([FILES.png]), 'a.png'),
    });
    await expectRefused(fileUnderAnotherName, UPLOAD_MESSAGES.missingFile);
    expect(storedFiles()).toEqual(before);
  });

  it('accepts the kind after the file', async () => {
    const response = await upload(FILES.png, 'late.png', { kind: 'image', kindLast: true });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  });

  it('refuses two files in one upload', async () => {
    const response = await upload(FILES.png, 'a.png', {
      kind: 'image',
      extra: (form) => form.append('file', new Blob([FILES.png]), 'b.png'),
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('E_BAD_REQUEST');
  });

  it('checks the content, not the name', async () => {
    const before = storedFiles();
    const cases: [Buffer, string, UploadKind][] = [
      [FILES.pdf, 'stone.png', 'image'],
      [FILES.html, 'stone.png', 'image'],
      [FILES.html, 'page.html', 'image'],
      [FILES.png, 'stone.pdf', 'pdf'],
      [FILES.png, 'stone.gif', 'image'],
      [FILES.gif, 'stone.png', 'image'],
      [FILES.png, 'stone.png', 'pdf'],
      [FILES.pdf, 'certificate', 'pdf'],
      [FILES.png, 'stone.png', 'video'],
      [FILES.html, 'clip.mp4', 'video'],
      [Buffer.from('{"unterminated": [1, 2'), 'broken.json', 'json'],
      [Buffer.from('not json at all'), 'text.json', 'json'],
      [FILES.json, 'data.txt', 'json'],
      [Buffer.from([0xff, 0xfe, 0x7b, 0x7d]), 'utf16.json', 'json'],
    ];
    for (const [bytes, name, kind] of cases) {
      const response = await upload(bytes, name, { kind });
      await expectRefused(response, UPLOAD_MESSAGES.wrongType(kind));
      expect(response.body.errors?.[0]?.field).toBe('file');
    }
    expect(storedFiles()).toEqual(before);
  });

  it('sanitises hostile names', async () => {
    const cases: [string, string][] = [
      ['../../../jwt-secret.png', 'jwt-secret.png'],
      ['..\\..\\evil.png', 'evil.png'],
      // FormData percent-encodes quotes and line breaks itself; the sanitiser's unit tests cover them.
      ['a;b<c>|d é.png', 'a-b-c-d-e.png'],
      ['.png', 'file.png'],
      [`${'x'.repeat(400)}.png`, `${'x'.repeat(96)}.png`],
    ];
    for (const [name, expected] of cases) {
      const response = await upload(FILES.png, name, { kind: 'image' });
      expect(response.status, name).toBe(200);
      expect(response.body.data.name).toBe(expected);
      const served = await fetch(`${server.url}${response.body.data.url}`);
      expect(served.status).toBe(200);
    }
  });

  it('refuses a file past its kind limit and keeps nothing of it', async () => {
    const before = storedFiles();
    const json = Buffer.alloc(UPLOAD_MAX_BYTES.json + 1, 0x20);
    await expectRefused(await upload(json, 'big.json', { kind: 'json' }), UPLOAD_MESSAGES.tooLarge('json'));
    const image = Buffer.concat([FILES.png, Buffer.alloc(UPLOAD_MAX_BYTES.image)]);
    await expectRefused(await upload(image, 'big.png', { kind: 'image' }), UPLOAD_MESSAGES.tooLarge('image'));
    await expectRefused(
      await upload(image, 'big.png', { kind: 'image', kindLast: true }),
      UPLOAD_MESSAGES.tooLarge('image'),
    );
    expect(storedFiles()).toEqual(before);
    // Exactly at the limit is fine.
    const atLimit = Buffer.concat([FILES.png, Buffer.alloc(UPLOAD_MAX_BYTES.image - FILES.png.length)]);
    const response = await upload(atLimit, 'limit.png', { kind: 'image' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.size).toBe(UPLOAD_MAX_BYTES.image);
    expect(readdirSync(uploadTempDir(server.dataDir))).toEqual([]);
  });
});
