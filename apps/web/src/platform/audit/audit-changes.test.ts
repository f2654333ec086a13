import { describe, expect, it } from 'vitest';
import { changedFields, formatAuditValue } from './audit-changes.ts';

describe('changedFields', () => {
  it('lists only the fields that differ', () => {
    expect(changedFields({ name: 'A', isActive: true }, { name: 'B', isActive: true })).toEqual([
      { field: 'name', before: 'A', after: 'B' },
    ]);
  });

  it('shows a created record against nothing', () => {
    expect(changedFields(null, { isActive: false })).toEqual([
      { field: 'isActive', before: '—', after: 'No' },
    ]);
  });
});

describe('formatAuditValue', () => {
  it('reads contact lists', () => {
    expect(
      formatAuditValue([
        { value: 'a@x.io', isPrimary: true },
        { value: 'b@x.io', isPrimary: false },
      ]),
    ).toBe('a@x.io (primary), b@x.io');
  });

  it('reads permission flags as the actions granted', () => {
    expect(formatAuditValue({ view: true, insert: false, update: true })).toBe('view, update');
    expect(formatAuditValue({ view: false })).toBe('none');
  });
});
