import { z } from 'zod';
import { defineEndpoint } from '../endpoints/endpoint.ts';
import { recordSchemaOf } from '../resources/record-schema.ts';
import { masterResource } from './master-resource.ts';

/** One master code or several; answered as `{ [code]: active sub-masters ordered by sequence }`. */
export const masterListByCodeSchema = z.object({
  code: z.union([z.string().trim().min(1).max(60), z.array(z.string().trim().min(1).max(60)).min(1).max(50)]),
});

/** A value of a main master, as list-by-code answers it. */
export const masterRecordSchema = recordSchemaOf(masterResource);

export const MASTER_ENDPOINTS = {
  /**
   * The active values of the named masters, ordered by sequence, grouped by the codes as asked (matched
   * ignoring case; a code with no master answers an empty list). Any signed-in staff user may read them.
   */
  listByCode: defineEndpoint({
    method: 'POST',
    path: 'apis/master/list-by-code',
    tag: 'Master',
    summary: 'The active values of the masters with these codes, by code.',
    description:
      'Any signed-in staff user, whatever their modules: the values feed the choices of forms in other modules. Customers are refused.',
    access: { authenticated: true },
    body: masterListByCodeSchema,
    answer: { data: z.record(z.string(), z.array(masterRecordSchema)) },
  }),
};
