import {
  type AuditField,
  type AuditSubject,
  decimalText,
  EMPTY_VALUE,
  formatNumber,
  humanizeKey,
  isUuid,
} from '@facet/contract';

/** How dates read: the panel's formatter, in the reader's time zone (tests pass a fixed zone). */
export interface DateFormats {
  date: (value: string) => string;
  dateTime: (value: string) => string;
}

/** What a value needs to read as words: the dates' format and the names behind the entry's ids. */
export interface ValueContext extends DateFormats {
  names: Readonly<Record<string, string>>;
}

/** One changed field of an entry, as the screen labels it, before and after. */
export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** An id whose record no longer exists (the server found no name for it): never shown as the id. */
export const DELETED_NAME = '(deleted)';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const nameOf = (id: string, context: ValueContext) => context.names[id] ?? DELETED_NAME;

/** A value no declaration describes (a permission set, a contact list, a stamp): by its shape. */
function plainValue(value: unknown, context: ValueContext): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') {
    if (isUuid(value)) return nameOf(value, context);
    if (CALENDAR_DATE.test(value)) return context.date(value);
    if (MOMENT.test(value)) return context.dateTime(value);
    return value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return EMPTY_VALUE;
    return value
      .map((item) =>
        item && typeof item === 'object' && 'value' in item
          ? `${plainValue((item as { value: unknown }).value, context)}${(item as { isPrimary?: boolean }).isPrimary ? ' (primary)' : ''}`
          : plainValue(item, context),
      )
      .join(', ');
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return EMPTY_VALUE;
    // A permission flag set reads as the actions it grants.
    if (entries.every(([, flag]) => typeof flag === 'boolean')) {
      const granted = entries.filter(([, flag]) => flag).map(([action]) => action);
      return granted.length > 0 ? granted.join(', ') : 'none';
    }
    return entries.map(([key, item]) => `${humanizeKey(key)}: ${plainValue(item, context)}`).join('; ');
  }
  return String(value);
}

/** `/files/private/<id>/passport.pdf` as `passport.pdf`. */
function fileNameOf(address: string): string {
  const name = address.split(/[?#]/)[0]?.split('/').filter(Boolean).at(-1);
  if (!name) return address;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** One value as the screens show it: names for ids, labels for codes, the panel's dates and numbers. */
export function formatAuditValue(
  value: unknown,
  spec: AuditField | undefined,
  context: ValueContext,
): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  switch (spec?.kind) {
    case 'reference':
      return typeof value === 'string' ? nameOf(value, context) : plainValue(value, context);
    case 'enum':
      return spec.options?.find((option) => String(option.value) === String(value))?.label ?? String(value);
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'date':
      return context.date(String(value));
    case 'datetime':
      return context.dateTime(String(value));
    case 'integer':
      return formatNumber(value as number | string, spec.scale);
    case 'decimal':
      return decimalText(spec, value as number | string);
    case 'image':
      // A stored file reads as its name: its address carries the storage's own folder id.
      return typeof value === 'string' ? fileNameOf(value) : plainValue(value, context);
    case 'text':
    case 'longText':
      // Declared text is what was typed, shown as typed (an external id may well look like an id).
      return typeof value === 'string' ? value : plainValue(value, context);
    default:
      return plainValue(value, context);
  }
}

/** A field as the screen labels it; a key nobody declared still reads as words. */
export function fieldLabelOf(subject: AuditSubject, field: string): string {
  return subject.fields[field]?.label ?? humanizeKey(field);
}

/**
 * The fields whose shown value differs between before and after, internal ones left out (a create has
 * no before, a delete no after).
 */
export function changedFields(
  subject: AuditSubject,
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
  context: ValueContext,
): FieldChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .filter((field) => !subject.hidden.includes(field) && !/hash$/i.test(field))
    .map((field) => ({
      field,
      label: fieldLabelOf(subject, field),
      before: formatAuditValue(before?.[field], subject.fields[field], context),
      after: formatAuditValue(after?.[field], subject.fields[field], context),
    }))
    .filter((change) => change.before !== change.after);
}
