import { field } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { auditSubjectFor } from './audit-catalogue.ts';
import { changedFields, DELETED_NAME, formatAuditValue, type ValueContext } from './audit-changes.ts';

const BELGIUM = '7d9c4a52-1f0e-4c3a-9b5e-2a1d3c4b5e6f';
const context: ValueContext = {
  names: { [BELGIUM]: 'Belgium' },
  date: (value) => `day ${value}`,
  dateTime: (value) => `moment ${value}`,
};
const company = auditSubjectFor('account');

describe('formatAuditValue', () => {
  it('names a reference, and never shows an id that points at nothing', () => {
    const country = company.fields.countryId;
    expect(formatAuditValue(BELGIUM, country, context)).toBe('Belgium');
    expect(formatAuditValue('0f0e0d0c-0b0a-4908-8706-050403020100', country, context)).toBe(DELETED_NAME);
  });

  it('reads codes as their labels, flags as Yes/No, numbers by their scale, money with its currency', () => {
    const status = auditSubjectFor('diamond').fields.status;
    expect(formatAuditValue('D', status, context)).toBe('Stone of the day');
    expect(formatAuditValue(false, field.boolean('Active'), context)).toBe('No');
    expect(formatAuditValue(250000.5, company.fields.creditLimit, context)).toBe('USD 250,000.50');
  });

  it('writes dates with the panel formatter, declared or not', () => {
    expect(formatAuditValue('2026-11-25', field.date('Report date'), context)).toBe('day 2026-11-25');
    expect(formatAuditValue('2026-11-25T10:00:00.000Z', undefined, context)).toBe(
      'moment 2026-11-25T10:00:00.000Z',
    );
    expect(formatAuditValue({ reviewedAt: '2026-11-25T10:00:00.000Z' }, undefined, context)).toBe(
      'Reviewed at: moment 2026-11-25T10:00:00.000Z',
    );
  });

  it('reads contact lists and permission flags', () => {
    const lists = [
      { value: 'a@x.io', isPrimary: true },
      { value: 'b@x.io', isPrimary: false },
    ];
    expect(formatAuditValue(lists, undefined, context)).toBe('a@x.io (primary), b@x.io');
    expect(formatAuditValue({ view: true, insert: false, update: true }, undefined, context)).toBe(
      'view, update',
    );
    expect(formatAuditValue({ view: false }, undefined, context)).toBe('none');
  });

  it('shows declared text as typed, even when it looks like an id', () => {
    expect(formatAuditValue(BELGIUM.replace('7', '8'), company.fields.externalId, context)).toBe(
      BELGIUM.replace('7', '8'),
    );
  });
});

describe('changedFields', () => {
  it('lists the fields that differ with their labels, internal ones left out', () => {
    expect(
      changedFields(
        company,
        { name: 'A', isActive: true, updatedAt: '2026-11-01T00:00:00Z', approvedAt: null },
        { name: 'B', isActive: true, updatedAt: '2026-11-02T00:00:00Z', approvedAt: '2026-11-02T00:00:00Z' },
        context,
      ),
    ).toEqual([{ field: 'name', label: 'Name', before: 'A', after: 'B' }]);
  });

  it('names who approved: the stamp holds a user id in a text field', () => {
    const approver = '11111111-2222-4333-8444-555555555555';
    expect(
      changedFields(
        company,
        { approvedBy: null },
        { approvedBy: approver },
        {
          ...context,
          names: { [approver]: 'Ada Admin' },
        },
      ),
    ).toEqual([{ field: 'approvedBy', label: 'Approved by', before: '—', after: 'Ada Admin' }]);
  });
});
