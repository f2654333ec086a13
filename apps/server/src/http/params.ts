import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from './envelope.ts';

const uuid = z.uuid();

/** The `:id` (or `:name`) of the URL; a value that is not a uuid cannot name anything, so it is not found. */
export function idParam(request: FastifyRequest, notFound: string, name = 'id'): string {
  const parsed = uuid.safeParse((request.params as Record<string, unknown> | undefined)?.[name]);
  if (!parsed.success) throw new HttpError('E_NOT_FOUND', notFound);
  return parsed.data;
}
