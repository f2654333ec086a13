/** One changed field of an audit entry, as text for the history drawer. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const EMPTY = '—';

/** Contact lists read as their values, the primary one marked; other objects as compact JSON. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    if (value.length === 0) return EMPTY;
    return value
      .map((item) =>
        item && typeof item === 'object' && 'value' in item
          ? `${String((item as { value: unknown }).value)}${(item as { isPrimary?: boolean }).isPrimary ? ' (primary)' : ''}`
          : formatAuditValue(item),
      )
      .join(', ');
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    // A permission flag set reads as the actions it grants.
    if (entries.length > 0 && entries.every(([, flag]) => typeof flag === 'boolean')) {
      const granted = entries.filter(([, flag]) => flag).map(([action]) => action);
      return granted.length > 0 ? granted.join(', ') : 'none';
    }
    return JSON.stringify(value);
  }
  return String(value);
}

/** The fields whose value differs between before and after (a create has no before, a delete no after). */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .map((field) => ({
      field,
      before: formatAuditValue(before?.[field]),
      after: formatAuditValue(after?.[field]),
    }))
    .filter((change) => change.before !== change.after);
}
