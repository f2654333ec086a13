import { z } from 'zod';
import { paginateRequestSchema } from '../envelope.ts';
import { calendarDay, calendarInstant } from '../format/calendar-dates.ts';
import { isKnownTimeZone } from '../format/display-format.ts';
import {
  isSafeLink,
  linkRuleOf,
  MAX_FILTER_CODES,
  MAX_FILTER_IDS,
  RESOURCE_MESSAGES,
  rangeErrors,
  SHEET_FORMATS,
  sortKeysOf,
  takesNull,
} from './field-rules.ts';
import type { FieldSpec } from './fields.ts';
import { readerTimeZone } from './list-request.ts';
import type { ResourceSpec } from './resource.ts';

const DEFAULT_TEXT_MAX = 255;

/** The validator of one field's value, as written by a client. */
export function valueSchema(spec: FieldSpec): z.ZodType {
  const { label } = spec;
  switch (spec.kind) {
    case 'text':
    case 'longText':
    case 'image': {
      const max = spec.max ?? (spec.kind === 'longText' ? 10_000 : DEFAULT_TEXT_MAX);
      const text = z.string({ error: RESOURCE_MESSAGES.required(label, spec.kind) }).trim();
      const bounded = (
        spec.required ? text.min(1, { error: RESOURCE_MESSAGES.required(label, spec.kind) }) : text
      ).max(max, { error: RESOURCE_MESSAGES.tooLong(label, max) });
      if (spec.display === 'timeZone')
        return bounded.refine((value) => value === '' || isKnownTimeZone(value), {
          error: RESOURCE_MESSAGES.chooseTimeZone(label),
        });
      const link = linkRuleOf(spec);
      return link
        ? bounded.refine((value) => isSafeLink(value, link), {
            error: RESOURCE_MESSAGES.unsafeLink(label, link),
          })
        : bounded;
    }
    case 'integer':
    case 'decimal': {
      let number = z.number({ error: RESOURCE_MESSAGES.notANumber(label) });
      if (spec.kind === 'integer') number = number.int({ error: RESOURCE_MESSAGES.notAnInteger(label) });
      // With both bounds, either side says the whole range ("Enter a carat between 0.01 and 99.99.").
      const { min, max } = spec;
      const both = min !== undefined && max !== undefined ? RESOURCE_MESSAGES.between(label, min, max) : null;
      if (min !== undefined)
        number = number.min(min, { error: both ?? RESOURCE_MESSAGES.tooSmall(label, min) });
      if (max !== undefined)
        number = number.max(max, { error: both ?? RESOURCE_MESSAGES.tooLarge(label, max) });
      return number;
    }
    case 'boolean':
      return z.boolean({ error: RESOURCE_MESSAGES.invalidOption(label) });
    case 'date':
      return calendarDay(RESOURCE_MESSAGES.invalidDate(label));
    case 'datetime':
      return calendarInstant(RESOURCE_MESSAGES.invalidDate(label));
    case 'enum': {
      const values = (spec.options ?? []).map((option) => option.value);
      return z.union([z.string(), z.number()]).refine((value) => values.includes(value), {
        error: RESOURCE_MESSAGES.invalidOption(label),
      });
    }
    case 'reference':
      return z.uuid({ error: RESOURCE_MESSAGES.invalidReference(label) });
    case 'textList':
      return z
        .array(
          z
            .string()
            .trim()
            .min(1)
            .max(spec.max ?? DEFAULT_TEXT_MAX),
          { error: RESOURCE_MESSAGES.notAList(label) },
        )
        .max(200);
    case 'json':
      return z.record(z.string(), z.unknown());
  }
}

function writableFields(resource: ResourceSpec): [string, FieldSpec][] {
  return Object.entries(resource.fields).filter(([, spec]) => spec.form !== false);
}

/**
 * Create body: required fields must be present, unless they declare a default, which a create leaving
 * them out gets (never null: the column is not null); optional ones may be left out, and null but for
 * booleans and lists (see takesNull).
 */
export function createSchemaOf(resource: ResourceSpec) {
  return withRanges(
    resource,
    z.strictObject(
      Object.fromEntries(
        writableFields(resource).map(([key, spec]) => {
          const value = valueSchema(spec);
          if (!spec.required) return [key, (takesNull(spec) ? value.nullable() : value).optional()];
          return [
            key,
            spec.defaultValue !== undefined && spec.defaultValue !== null ? value.optional() : value,
          ];
        }),
      ),
    ),
  );
}

/** Update body: any subset; a field left out keeps its stored value; null clears what takes null. */
export function updateSchemaOf(resource: ResourceSpec) {
  return withRanges(
    resource,
    z.strictObject(
      Object.fromEntries(
        writableFields(resource).map(([key, spec]) => {
          const value = valueSchema(spec);
          return [key, (takesNull(spec) ? value.nullable() : value).optional()];
        }),
      ),
    ),
  );
}

/**
 * The declared ranges of a body checked on their `to` field. An update sending one end only is checked
 * by the server against the stored other end. The schema stays an object (its `shape` feeds the form).
 */
function withRanges<S extends z.ZodObject>(resource: ResourceSpec, schema: S): S {
  if (!resource.ranges?.length) return schema;
  return schema.superRefine((values, ctx) => {
    for (const error of rangeErrors(resource, values)) {
      ctx.addIssue({ code: 'custom', path: [error.field], message: error.message });
    }
  });
}

const scalar = z.union([z.string().max(255), z.number(), z.boolean(), z.null()]);

function filterSchema(spec: FieldSpec): z.ZodType {
  if (spec.filter === 'range') {
    const bound = spec.kind === 'date' || spec.kind === 'datetime' ? z.string().max(40) : z.number();
    return z.strictObject({ from: bound.optional(), to: bound.optional() });
  }
  return z.union([scalar, z.array(scalar).min(1).max(100)]);
}

const codeFilterSchema = z.union([
  z.string().max(MAX_FILTER_CODES * 41),
  z.array(z.string().max(100)).min(1).max(MAX_FILTER_CODES),
]);

const idFilterSchema = z
  .array(z.uuid({ error: 'Each id must be a record id.' }))
  .min(1)
  .max(MAX_FILTER_IDS, { error: `At most ${MAX_FILTER_IDS} ids at once.` });

/** Paginate body: filters and sort keys are whitelisted by the declaration; anything else is refused. */
export function paginateSchemaOf(resource: ResourceSpec) {
  const direction = z.enum(['asc', 'desc', 'ASC', 'DESC']).optional();
  return paginateRequestSchema.extend({
    filter: z
      .strictObject(
        Object.fromEntries(
          Object.entries(resource.fields)
            .filter(([, spec]) => spec.filter)
            .map(([key, spec]) => [key, filterSchema(spec).optional()])
            .concat(Object.keys(resource.codeFilters ?? {}).map((key) => [key, codeFilterSchema.optional()]))
            .concat(resource.idFilter ? [['id', idFilterSchema.optional()]] : []),
        ),
      )
      .optional(),
    sort: z.strictObject(Object.fromEntries(sortKeysOf(resource).map((key) => [key, direction]))).optional(),
    /**
     * The fields to answer beside each row's id (a reference brings its title), or details of referenced
     * rows; default: the whole record. A grid asks for the columns it shows.
     */
    columns: z.array(z.string().max(100)).min(1).max(200).optional(),
    /** The reader's zone: a day of a date-and-time filter is that day on the reader's clock; in an export, where times are written. */
    timeZone: readerTimeZone,
  });
}

/**
 * Export body: the paginate body without paging, and the file format: one of `formats`, the first by
 * default.
 */
export function exportSchemaOf<const Formats extends readonly [string, ...string[]] = typeof SHEET_FORMATS>(
  resource: ResourceSpec,
  formats: Formats = SHEET_FORMATS as unknown as Formats,
) {
  return paginateSchemaOf(resource)
    .omit({ page: true, limit: true })
    .extend({
      format: z.enum(formats).default(formats[0]),
      /** Columns in order; default: the list columns. */
      columns: z.array(z.string()).max(100).optional(),
    });
}

export const booleanStatusUpdateSchema = z.object({
  id: z.uuid(),
  model: z.string().min(1).max(60),
  fieldName: z.string().min(1).max(60),
  status: z.boolean(),
});

/** Legacy `destroy`/`delete` paths: `{id}`. */
export const destroyBodySchema = z.object({ id: z.uuid({ error: RESOURCE_MESSAGES.notFound }) });

/** Legacy `update` paths: the update body with the record's `id`. */
export function updateByBodySchemaOf(resource: ResourceSpec) {
  return updateSchemaOf(resource).extend({ id: z.uuid({ error: RESOURCE_MESSAGES.notFound }) });
}

export const bulkSequenceSchema = z.object({
  list: z
    .array(z.object({ id: z.uuid(), sequence: z.number().int().min(0).max(1_000_000) }))
    .min(1)
    .max(1000),
});
