import { defineEndpoint } from '@facet/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mountRoutes } from '../src/http/access-plugin.ts';
import { ok } from '../src/http/envelope.ts';
import { implement } from '../src/http/route.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';

/** An endpoint whose handler answers a text where its declaration promises a number. */
const drifting = defineEndpoint({
  method: 'GET',
  path: 'test/drifting-answer',
  tag: 'Test',
  summary: 'Answers outside its declaration.',
  access: { public: true },
  answer: { data: z.object({ count: z.number() }) },
});
const driftingRoute = implement(drifting, async () =>
  ok('Drifted.', { count: 'seven' } as unknown as { count: number }),
);

const runs = await databaseAvailable();

describe.runIf(runs)('answers checked against their declarations', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('refuses to send an answer outside its declaration, in the error envelope', async () => {
    server = await startServer({}, { register: (app) => mountRoutes(app, [driftingRoute]) });
    const response = await server.client().call(drifting);
    expect(response.status).toBe(500);
    expect(response.body.code).toBe('E_ERROR');
  });

  it('sends it unchecked where the check is off (production)', async () => {
    server = await startServer(
      { CHECK_ANSWERS: 'false' },
      { register: (app) => mountRoutes(app, [driftingRoute]) },
    );
    const response = await server.client().call(drifting);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ count: 'seven' });
  });
});
