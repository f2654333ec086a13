import type { FieldSpec, ResourceRecord, ResourceSpec } from '@facet/contract';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * Between a record, the antd form's values and the payload the contract schemas check. antd holds
 * dates as Dayjs, JSON as text and empty inputs as '' or null; the payload holds ISO strings, objects
 * and null.
 */
export type FormValues = Record<string, unknown>;

export const INVALID_JSON = 'Enter valid JSON (an object).';

/** In the form: not read-only, and not a flag the record's own screen turns behind a confirmation. */
function inForm(spec: FieldSpec): boolean {
  return spec.form !== false && spec.toggle !== 'details';
}

/** The fields the form shows: in the form, and not pinned by the view. */
export function formFieldsOf(resource: ResourceSpec, pinned: ReadonlySet<string>): [string, FieldSpec][] {
  return Object.entries(resource.fields).filter(([key, spec]) => inForm(spec) && !pinned.has(key));
}

function toFormValue(spec: FieldSpec, value: unknown): unknown {
  if (value === null || value === undefined) {
    if (spec.kind === 'boolean') return false;
    if (spec.kind === 'textList') return [];
    return undefined;
  }
  switch (spec.kind) {
    case 'date':
    case 'datetime':
      return typeof value === 'string' ? dayjs(value) : undefined;
    case 'json':
      return JSON.stringify(value, null, 2);
    case 'decimal':
    case 'integer':
      // PostgreSQL numerics may come back as strings.
      return typeof value === 'string' && value !== '' ? Number(value) : value;
    default:
      return value;
  }
}

/** Initial values: the record's (editing) or the declaration's defaults (creating). */
export function toFormValues(resource: ResourceSpec, record: ResourceRecord | null): FormValues {
  const values: FormValues = {};
  for (const [key, spec] of Object.entries(resource.fields)) {
    if (!inForm(spec)) continue;
    values[key] = toFormValue(spec, record ? record[key] : spec.defaultValue);
  }
  return values;
}

/** A value of the form as the payload carries it; `undefined` for text that is not JSON. */
export function toPayloadValue(spec: FieldSpec, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  switch (spec.kind) {
    case 'text':
    case 'longText':
    case 'image':
      // An optional text left empty is no value; a required one stays '' for the "Enter a name." message.
      return typeof value === 'string' && value.trim() === '' && !spec.required ? null : value;
    case 'date':
      return dayjs.isDayjs(value) ? (value as Dayjs).format('YYYY-MM-DD') : value;
    case 'datetime':
      return dayjs.isDayjs(value) ? (value as Dayjs).toISOString() : value;
    case 'json': {
      if (typeof value !== 'string') return value;
      if (value.trim() === '') return null;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return undefined;
      }
    }
    case 'textList':
      return Array.isArray(value) ? value.map((item) => String(item).trim()).filter(Boolean) : value;
    default:
      return value;
  }
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** Whether a required field is left empty; the rule then asks for its value ("Enter a name."). */
export function missingRequired(spec: FieldSpec, formValue: unknown): boolean {
  return spec.required === true && spec.kind !== 'boolean' && isEmpty(toPayloadValue(spec, formValue));
}

/** The create or update body: the form's fields plus the view's pinned values. */
export function toPayload(
  resource: ResourceSpec,
  values: FormValues,
  pinned: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(resource.fields)) {
    if (!inForm(spec)) continue;
    if (key in pinned) payload[key] = pinned[key];
    else if (key in values) payload[key] = toPayloadValue(spec, values[key]);
  }
  return payload;
}
