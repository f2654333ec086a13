import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SYNC_MESSAGES } from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/envelope.ts';
import { fetchSourceList, type SourceLimits } from './source-client.ts';

type Answer = (request: IncomingMessage, response: ServerResponse) => void;

/** A stand-in for the stock system: each path answers as the test sets it. */
const answers = new Map<string, Answer>();
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const answer = answers.get(request.url ?? '');
    if (answer) answer(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const LIMITS: SourceLimits = { timeoutMs: 300, maxBytes: 1000, maxRecords: 3 };

function json(body: unknown): Answer {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
}

async function failure(entity: string): Promise<HttpError> {
  const error = await fetchSourceList({ url, token: undefined }, entity, LIMITS).catch((caught) => caught);
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).status).toBe(502);
  return error as HttpError;
}

describe('fetchSourceList', () => {
  it('reads the list with the bearer token', async () => {
    let authorization: string | undefined;
    answers.set('/size', (request, response) => {
      authorization = request.headers.authorization;
      json({ list: [{ name: 'a' }, { name: 'b' }] })(request, response);
    });
    const list = await fetchSourceList({ url, token: 'secret' }, 'size', LIMITS);
    expect(list).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(authorization).toBe('Bearer secret');
  });

  it('names an HTTP error, a body that is not the list, and too many records', async () => {
    answers.set('/down', (_request, response) => response.writeHead(503).end('maintenance'));
    expect((await failure('down')).message).toBe(SYNC_MESSAGES.sourceStatus(503));
    answers.set('/html', (_request, response) => response.writeHead(200).end('<html>login</html>'));
    expect((await failure('html')).message).toBe(SYNC_MESSAGES.sourceNotJson);
    answers.set('/shape', json({ items: [] }));
    expect((await failure('shape')).message).toBe(SYNC_MESSAGES.sourceNotJson);
    answers.set('/many', json({ list: [1, 2, 3, 4] }));
    expect((await failure('many')).message).toBe(SYNC_MESSAGES.sourceTooManyRecords);
  });

  it('stops reading a body past the size cap, declared or streamed', async () => {
    answers.set('/declared', json({ list: ['x'.repeat(2000)] }));
    expect((await failure('declared')).message).toBe(SYNC_MESSAGES.sourceTooLarge);
    answers.set('/streamed', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"list":["');
      response.write('y'.repeat(2000));
      response.end('"]}');
    });
    expect((await failure('streamed')).message).toBe(SYNC_MESSAGES.sourceTooLarge);
  });

  it('gives up on a source that does not answer in time, or drops the connection', async () => {
    answers.set('/slow', () => undefined);
    const started = Date.now();
    expect((await failure('slow')).message).toBe(SYNC_MESSAGES.sourceTimeout);
    expect(Date.now() - started).toBeLessThan(3000);
    answers.set('/drop', (request) => request.socket.destroy());
    expect((await failure('drop')).message).toMatch(/^The stock system could not be reached \(.+\)\.$/);
  });
});
