import { z } from 'zod';
import { defineEndpoint } from '../endpoints/endpoint.ts';

/** What a load balancer probes; the database must answer within the server's time limit. */
export const HEALTH_ENDPOINTS = {
  check: defineEndpoint({
    method: 'GET',
    path: 'health',
    tag: 'Health',
    summary: 'Answers when the server and its database are up; 503 when the database does not answer.',
    access: { public: true },
    answer: { data: z.object({ database: z.literal('ok'), uptimeSeconds: z.number().int() }) },
  }),
};
