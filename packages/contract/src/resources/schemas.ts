import { z } from 'zod';
import { paginateRequestSchema } from '../envelope.ts';
import type { FieldSpec, LinkRule } from './fields.ts';
import type { ResourceSpec } from './resource.ts';

export const RESOURCE_MESSAGES = {
  required: (label: string) => `Please input ${label.toLowerCase()}!`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  tooSmall: (label: string, min: number) => `${label} must be at least ${min}.`,
  tooLarge: (label: string, max: number) => `${label} must be at most ${max}.`,
  notANumber: (label: string) => `${label} must be a number.`,
  notAnInteger: (label: string) => `${label} must be a whole number.`,
  invalidOption: (label: string) => `Choose a valid ${label.toLowerCase()}.`,
  invalidDate: (label: string) => `${label} must be a valid date.`,
  invalidReference: (label: string) => `Choose a valid ${label.toLowerCase()}.`,
  notAList: (label: string) => `${label} must be a list of values.`,
  unsafeLink: (label: string, rule: LinkRule) =>
    rule === 'web-or-app'
      ? `${label} must be an http(s) address, a page of the site (/...) or an app link (app://...).`
      : `${label} must be an uploaded file or an http(s) address.`,
  duplicate: (label: string) => `This ${label.toLowerCase()} is already used.`,
  rangeOrder: 'The start of the range must not be after its end.',
  created: 'Record created.',
  updated: 'Record updated.',
  deleted: 'Record deleted.',
  statusUpdated: 'Status updated.',
  sequenceUpdated: 'Order saved.',
  notFound: 'Record not found.',
  unknownModel: 'Unknown model.',
  fieldNotToggleable: 'This field cannot be toggled.',
} as const;

const DEFAULT_TEXT_MAX = 255;

/**
 * Browsers drop tabs and newlines anywhere in a URL, and other controls and spaces around it, before
 * reading its scheme (`java\tscript:` is `javascript:`); dropping them all errs on the safe side.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what it removes
const URL_IGNORED = /[\u0000-\u0020\u007f]+/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** `//host` and its backslash spellings, which browsers read as another host. */
const PROTOCOL_RELATIVE = /^[\\/]{2}/;

/**
 * Whether a link field may hold `value`: http(s), or no scheme at all (a path, a file name); with
 * `web-or-app`, also the apps' `app://` deep links. Nothing that a click could run (`javascript:`,
 * `data:text/html`, `vbscript:`), and no protocol-relative address.
 */
export function isSafeLink(value: string, rule: LinkRule): boolean {
  const seen = value.replace(URL_IGNORED, '');
  if (PROTOCOL_RELATIVE.test(seen)) return false;
  const scheme = SCHEME.exec(seen)?.[1]?.toLowerCase();
  if (scheme === undefined) return true;
  return scheme === 'http' || scheme === 'https' || (rule === 'web-or-app' && scheme === 'app');
}

/** What a field holds that is a link: declared by `link`, and always for `image` fields. */
export function linkRuleOf(spec: FieldSpec): LinkRule | undefined {
  return spec.link ?? (spec.kind === 'image' ? 'web' : undefined);
}

/**
 * Booleans and lists are stored NOT NULL (false, the empty list): a client's null for them is refused
 * rather than reaching the column.
 */
export function takesNull(spec: FieldSpec): boolean {
  return !spec.required && spec.kind !== 'boolean' && spec.kind !== 'textList';
}

/** The validator of one field's value, as written by a client. */
export function valueSchema(spec: FieldSpec): z.ZodType {
  const { label } = spec;
  switch (spec.kind) {
    case 'text':
    case 'longText':
    case 'image': {
      const max = spec.max ?? (spec.kind === 'longText' ? 10_000 : DEFAULT_TEXT_MAX);
      const text = z.string({ error: RESOURCE_MESSAGES.required(label) }).trim();
      const bounded = (spec.required ? text.min(1, { error: RESOURCE_MESSAGES.required(label) }) : text).max(
        max,
        { error: RESOURCE_MESSAGES.tooLong(label, max) },
      );
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
      if (spec.min !== undefined)
        number = number.min(spec.min, { error: RESOURCE_MESSAGES.tooSmall(label, spec.min) });
      if (spec.max !== undefined)
        number = number.max(spec.max, { error: RESOURCE_MESSAGES.tooLarge(label, spec.max) });
      return number;
    }
    case 'boolean':
      return z.boolean({ error: RESOURCE_MESSAGES.invalidOption(label) });
    case 'date':
      return z.iso.date({ error: RESOURCE_MESSAGES.invalidDate(label) });
    case 'datetime':
      return z.iso.datetime({ offset: true, error: RESOURCE_MESSAGES.invalidDate(label) });
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
  return z.strictObject(
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
  );
}

/** Update body: any subset; a field left out keeps its stored value; null clears what takes null. */
export function updateSchemaOf(resource: ResourceSpec) {
  return z.strictObject(
    Object.fromEntries(
      writableFields(resource).map(([key, spec]) => {
        const value = valueSchema(spec);
        return [key, (takesNull(spec) ? value.nullable() : value).optional()];
      }),
    ),
  );
}

const scalar = z.union([z.string().max(255), z.number(), z.boolean(), z.null()]);

function filterSchema(spec: FieldSpec): z.ZodType {
  if (spec.filter === 'range') {
    const bound = spec.kind === 'date' || spec.kind === 'datetime' ? z.string().max(40) : z.number();
    return z.strictObject({ from: bound.optional(), to: bound.optional() });
  }
  return z.union([scalar, z.array(scalar).min(1).max(100)]);
}

/** Most codes a code filter takes at once: a pasted column of a stock sheet. */
export const MAX_FILTER_CODES = 5000;

const codeFilterSchema = z.union([
  z.string().max(MAX_FILTER_CODES * 41),
  z.array(z.string().max(100)).min(1).max(MAX_FILTER_CODES),
]);

/** Most ids the `id` filter takes at once (ResourceSpec `idFilter`): a selection of rows. */
export const MAX_FILTER_IDS = 5000;

const idFilterSchema = z
  .array(z.uuid({ error: 'Each id must be a record id.' }))
  .min(1)
  .max(MAX_FILTER_IDS, { error: `At most ${MAX_FILTER_IDS} ids at once.` });

/** The codes of a code filter's value: a list, or one pasted string split at commas, spaces and lines. */
export function codesOf(value: string | readonly string[]): string[] {
  const parts = typeof value === 'string' ? value.split(/[\s,;]+/) : value;
  return [...new Set(parts.map((part) => part.trim()).filter((part) => part !== ''))];
}

/** Whether a field is a list column until a user hides it: as declared, else anything but JSON. */
export function isListedField(spec: FieldSpec): boolean {
  return spec.list ?? spec.kind !== 'json';
}

export function sortKeysOf(resource: ResourceSpec): string[] {
  return [
    ...Object.entries(resource.fields)
      .filter(([, spec]) => spec.sort)
      .map(([key]) => key),
    'createdAt',
    'updatedAt',
  ];
}

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
  });
}

/** Spreadsheet formats of an export. */
export const SHEET_FORMATS = ['xlsx', 'csv'] as const;
/**
 * What the engine's `{api}/export` answers: the spreadsheets, or a printable list (A4 landscape, with
 * the count and totals).
 */
export const LIST_EXPORT_FORMATS = ['xlsx', 'csv', 'pdf'] as const;

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

/**
 * The key under which a record also answers the title of the row a reference field points at:
 * `countryId` → `countryTitle`, `parentId` → `parentTitle` (a key not ending in `Id` gets `Title` added).
 * Null when the reference is empty.
 */
export function referenceTitleKey(field: string): string {
  return `${field.endsWith('Id') ? field.slice(0, -2) : field}Title`;
}

/**
 * The key under which a record answers one detail of the row a reference points at (FieldSpec
 * `details`): `stoneId` + `shapeId` → `stoneShape`, `stoneId` + `carat` → `stoneCarat`.
 */
export function referenceDetailKey(field: string, detail: string): string {
  const base = field.endsWith('Id') ? field.slice(0, -2) : field;
  const name = detail.endsWith('Id') ? detail.slice(0, -2) : detail;
  return `${base}${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/**
 * A row as the server answers it: `id`, the system fields as ISO strings, every declared field by its
 * key (decimals as numbers, dates `YYYY-MM-DD`, datetimes ISO), and for each reference field the
 * referenced row's title under `referenceTitleKey(field)`.
 */
export interface ResourceRecord {
  id: string;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  updatedBy: string | null;
  [field: string]: unknown;
}
