import type { FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';

/**
 * Serializes answers as plain JSON. With `check` (tests and development), a success answer is first read
 * back from its JSON and validated against the endpoint's declared answer, so a handler that drifts from
 * its declaration fails loudly there; production skips the check (it costs a parse per answer). The wire
 * form is what is checked, dates as the strings a client receives, and nothing is stripped: the client
 * gets what the handler answered either way.
 */
export function answerSerializer(check: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) =>
    (data) => {
      const text = JSON.stringify(data);
      if (!check) return text;
      const result = schema.safeParse(JSON.parse(text));
      if (!result.success) {
        throw new Error(`${method} ${url} answered outside its declaration: ${result.error.message}`);
      }
      return text;
    };
}
