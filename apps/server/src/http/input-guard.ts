import type { FastifyRequest } from 'fastify';
import { fieldError } from './envelope.ts';

/** Deeper than any body the panel sends (a layout's criteria, a JSON field); deeper is an attack. */
export const MAX_INPUT_DEPTH = 32;

export const INPUT_MESSAGES = {
  nul: 'Text must not contain the NUL character.',
  loneSurrogate: 'Text must be valid Unicode: it holds an unpaired surrogate character.',
  tooDeep: `The request is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`,
} as const;

const NUL = '\u0000';
const LONE_SURROGATE = /\p{Surrogate}/u;

interface Problem {
  field: string;
  message: string;
}

function textProblem(text: string): string | undefined {
  if (text.includes(NUL)) return INPUT_MESSAGES.nul;
  if (LONE_SURROGATE.test(text)) return INPUT_MESSAGES.loneSurrogate;
  return undefined;
}

/**
 * The first string (value or key) PostgreSQL could not store, or the first level past
 * MAX_INPUT_DEPTH, with its path as validation errors name fields (`filter.name`, `list.0.id`).
 * Walks with its own stack: a 10,000-deep body must not exhaust the call stack.
 */
export function findIllFormedInput(value: unknown, root: string): Problem | undefined {
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop() as { value: unknown; path: string[] };
    const field = path.length > 0 ? path.join('.') : root;
    if (typeof current === 'string') {
      const message = textProblem(current);
      if (message) return { field, message };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) return { field, message: INPUT_MESSAGES.tooDeep };
    const entries = Object.entries(current);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, child] = entries[index] as [string, unknown];
      const message = textProblem(key);
      if (message) return { field: [...path, key].join('.'), message };
      pending.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}

/**
 * Refuses, before validation and for every route, what no column can hold: a NUL character or an
 * unpaired UTF-16 surrogate in any string of the body, the query or the URL parameters (JSON.parse
 * turns `\u0000` and `\ud800` escapes into exactly these), and bodies nested past MAX_INPUT_DEPTH.
 */
export async function refuseIllFormedInput(request: FastifyRequest): Promise<void> {
  const problem =
    findIllFormedInput(request.params, 'params') ??
    findIllFormedInput(request.query, 'query') ??
    findIllFormedInput(request.body, 'body');
  if (problem) throw fieldError(problem.field, problem.message);
}
