import {
  type AuditEntry,
  type AuditField,
  type AuditSubject,
  EMPTY_VALUE,
  humanizeKey,
} from '@facet/contract';
import { formatDate, formatDateTime } from '../lists/format.ts';
import { auditSubjectFor } from './audit-catalogue.ts';
import {
  changedFields,
  type DateFormats,
  DELETED_NAME,
  type FieldChange,
  formatAuditValue,
  type ValueContext,
} from './audit-changes.ts';

/** An audit entry as a person reads it aloud: when, who, what happened, to what, and what changed. */
export interface ReadableEntry {
  id: string;
  when: string;
  who: string;
  /** `Company created`, `Stone updated`, `KYC document approved`. */
  action: string;
  /** The record's name (`Passport`, `Acme Diamonds`), when the server found it. */
  subject: string | null;
  /** For a create or a delete: the record's name and a few key fields, instead of every field. */
  summary: string | null;
  changes: FieldChange[];
}

const PANEL_DATES: DateFormats = { date: formatDate, dateTime: formatDateTime };

/** Past tenses of the trail's verbs (RESOURCE_AUDIT_VERBS and the modules' own). */
const VERBS: Readonly<Record<string, string>> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  status: 'status changed',
  sequence: 'reordered',
  sync: 'synchronised',
  criteria: 'criteria saved',
  reprice: 'repriced',
  send: 'sent',
};

/** Fields a summary names beside the record's title. */
const SUMMARY_FIELDS = 4;
const SUMMARY_KINDS = new Set<AuditField['kind']>([
  'text',
  'integer',
  'decimal',
  'date',
  'enum',
  'reference',
]);

/** `Approved` → `approved`, while `Type IIa` and `CanadaMark` keep their capitals. */
function inSentence(label: string): string {
  const rest = label.slice(1);
  return rest === rest.toLowerCase() ? label.charAt(0).toLowerCase() + rest : label;
}

function actionOf(entry: AuditEntry, subject: AuditSubject): string {
  const declared = subject.actions[entry.action];
  if (declared) return declared;
  const cut = entry.action.lastIndexOf('.');
  const verb = entry.action.slice(cut + 1);
  const prefix = entry.action.slice(0, Math.max(cut, 0));
  const title = prefix === '' || prefix === subject.name ? subject.title : humanizeKey(prefix);
  if (verb === 'status') {
    // A status change reads as the state reached: `KYC document approved`, `Company marked active`.
    const keys = Object.keys(entry.after ?? {}).filter(
      (key) => !subject.hidden.includes(key) && entry.before?.[key] !== entry.after?.[key],
    );
    // The one state field that moved names it; a reason recorded beside it is a detail of the change.
    const states = keys.filter((key) => {
      const kind = subject.fields[key]?.kind;
      return kind === 'enum' || kind === 'boolean';
    });
    const only = states.length === 1 ? (states[0] as string) : null;
    const spec = only ? subject.fields[only] : undefined;
    const value = only ? entry.after?.[only] : undefined;
    if (spec?.kind === 'enum') {
      const label = spec.options?.find((option) => String(option.value) === String(value))?.label;
      if (label) return `${title} ${inSentence(label)}`;
    }
    if (spec?.kind === 'boolean') {
      return `${title} ${value ? 'marked' : 'no longer'} ${inSentence(spec.label)}`;
    }
  }
  return `${title} ${VERBS[verb] ?? humanizeKey(verb).toLowerCase()}`;
}

/** A created or deleted record in one line: its title, then a few of its key fields. */
function summaryOf(
  subject: AuditSubject,
  values: Readonly<Record<string, unknown>>,
  name: string | null,
  context: ValueContext,
): string | null {
  const titleField = subject.titleField;
  const title =
    name ??
    (titleField && values[titleField] !== undefined
      ? formatAuditValue(values[titleField], subject.fields[titleField], context)
      : null);
  const details: string[] = [];
  for (const [key, spec] of Object.entries(subject.fields)) {
    if (details.length >= SUMMARY_FIELDS) break;
    if (
      key === titleField ||
      subject.hidden.includes(key) ||
      spec.list === false ||
      !SUMMARY_KINDS.has(spec.kind)
    )
      continue;
    const value = values[key];
    if (value === null || value === undefined || value === '') continue;
    details.push(`${spec.label}: ${formatAuditValue(value, spec, context)}`);
  }
  const head = title && title !== EMPTY_VALUE ? title : null;
  if (!head && details.length === 0) return null;
  return [head, details.join(', ')].filter(Boolean).join(' — ');
}

/** Reads one entry with the contract's declarations of its entity type and the names it came with. */
export function readAuditEntry(
  entry: AuditEntry,
  { dates = PANEL_DATES }: { dates?: DateFormats } = {},
): ReadableEntry {
  const subject = auditSubjectFor(entry.entityType);
  const names = entry.names ?? {};
  const context: ValueContext = { ...dates, names };
  const name = names[entry.entityId] ?? null;
  // A create or a delete says what the record was, not forty "— → x" lines.
  const whole = entry.before === null ? entry.after : entry.after === null ? entry.before : null;
  return {
    id: entry.id,
    when: dates.dateTime(entry.createdAt),
    who: entry.actorName ?? (entry.actorId ? DELETED_NAME : 'System'),
    action: actionOf(entry, subject),
    subject: name,
    summary: whole ? summaryOf(subject, whole, name, context) : null,
    changes: whole ? [] : changedFields(subject, entry.before, entry.after, context),
  };
}
