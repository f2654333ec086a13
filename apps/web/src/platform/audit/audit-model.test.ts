import type { AuditEntry } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { readAuditEntry } from './audit-model.ts';

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-/i;
const ISO = /\d{4}-\d{2}-\d{2}T/;
const COMPANY = 'a0000000-0000-4000-8000-000000000001';
const BELGIUM = 'a0000000-0000-4000-8000-000000000002';
const ROUND = 'a0000000-0000-4000-8000-000000000003';
const PEAR = 'a0000000-0000-4000-8000-000000000004';
const DOCUMENT = 'a0000000-0000-4000-8000-000000000005';
const dates = { date: (value: string) => `D(${value.slice(0, 10)})`, dateTime: () => '25 Nov 2026 15:43' };

function entry(fields: Partial<AuditEntry>): AuditEntry {
  return {
    id: 'e1',
    action: 'account.update',
    entityType: 'account',
    entityId: COMPANY,
    actorId: 'a0000000-0000-4000-8000-0000000000ff',
    actorName: 'Ada Admin',
    before: null,
    after: null,
    names: {},
    ip: '',
    userAgent: '',
    createdAt: '2026-11-25T15:43:00.000Z',
    ...fields,
  };
}

const textOf = (read: ReturnType<typeof readAuditEntry>) =>
  [read.when, read.who, read.action, read.subject, read.summary, ...read.changes.map((c) => Object.values(c))]
    .flat()
    .join(' | ');

describe('readAuditEntry', () => {
  it('sums up a created company in one line: its name and key fields, with names for ids', () => {
    const read = readAuditEntry(
      entry({
        action: 'account.create',
        after: {
          name: 'Acme Diamonds',
          code: 'ACME',
          countryId: BELGIUM,
          isApproved: false,
          approvedAt: null,
          createdAt: '2026-11-25T15:43:00.000Z',
        },
        names: { [COMPANY]: 'Acme Diamonds', [BELGIUM]: 'Belgium' },
      }),
      { dates },
    );
    expect(read.action).toBe('Company created');
    expect(read.summary).toBe('Acme Diamonds — Code: ACME, Country: Belgium');
    expect(read.changes).toEqual([]);
    expect(read.when).toBe('25 Nov 2026 15:43');
    expect(textOf(read)).not.toMatch(ID);
  });

  it('shows money with its currency, as the screens do', () => {
    const read = readAuditEntry(
      entry({ before: { creditLimit: '25000' }, after: { creditLimit: '50000.5' } }),
      { dates },
    );
    expect(read.changes).toEqual([
      expect.objectContaining({ label: 'Credit limit', before: 'USD 25,000.00', after: 'USD 50,000.50' }),
    ]);
  });

  it('reads a stone update with labels for codes and names for master values', () => {
    const read = readAuditEntry(
      entry({
        action: 'diamond.update',
        entityType: 'diamond',
        before: { status: 'A', shapeId: ROUND, reportDate: '2026-01-02' },
        after: { status: 'D', shapeId: PEAR, reportDate: '2026-02-03' },
        names: { [ROUND]: 'Round' },
      }),
      { dates },
    );
    expect(read.action).toBe('Stone updated');
    expect(read.changes).toEqual([
      { field: 'status', label: 'Status', before: 'Available', after: 'Stone of the day' },
      { field: 'shapeId', label: 'Shape', before: 'Round', after: '(deleted)' },
      { field: 'reportDate', label: 'Report date', before: 'D(2026-01-02)', after: 'D(2026-02-03)' },
    ]);
  });

  it('reads a KYC trail aloud: uploaded, rejected with its reason, by whom', () => {
    const uploaded = readAuditEntry(
      entry({
        action: 'accountDocument.create',
        entityType: 'accountDocument',
        entityId: DOCUMENT,
        after: { accountId: COMPANY, documentType: 'Passport', documentNumber: 'P-1', status: 1 },
        names: { [DOCUMENT]: 'Passport', [COMPANY]: 'Acme Diamonds' },
      }),
      { dates },
    );
    expect(uploaded.action).toBe('KYC document uploaded');
    expect(uploaded.summary).toBe('Passport — Document number: P-1, Status: Pending, Company: Acme Diamonds');
    const rejected = readAuditEntry(
      entry({
        action: 'accountDocument.status',
        entityType: 'accountDocument',
        entityId: DOCUMENT,
        before: { accountId: COMPANY, status: 1, rejectionReason: null },
        after: { accountId: COMPANY, status: 3, rejectionReason: 'Expired' },
        names: { [DOCUMENT]: 'Passport', [COMPANY]: 'Acme Diamonds' },
      }),
      { dates },
    );
    expect(rejected).toMatchObject({
      action: 'KYC document rejected',
      subject: 'Passport',
      who: 'Ada Admin',
    });
    expect(rejected.changes.map((change) => `${change.label}: ${change.before} → ${change.after}`)).toEqual([
      'Status: Pending → Rejected',
      'Rejection reason: — → Expired',
    ]);
  });

  it('reads a toggle as the state reached, without restating its own time', () => {
    const read = readAuditEntry(
      entry({
        action: 'account.status',
        before: { isApproved: false, approvedAt: null },
        after: { isApproved: true, approvedAt: '2026-11-25T15:43:00.000Z' },
      }),
      { dates },
    );
    expect(read.action).toBe('Company marked approved');
    expect(read.changes.map((change) => change.label)).toEqual(['Approved']);
    expect(textOf(read)).not.toMatch(ISO);
  });

  it('reads users and roles by their declarations, and a system change as such', () => {
    const read = readAuditEntry(
      entry({
        action: 'user.update',
        entityType: 'user',
        actorId: null,
        actorName: null,
        before: { type: 2, expiresAt: null },
        after: { type: 6, expiresAt: '2027-01-01T00:00:00.000Z' },
      }),
      { dates },
    );
    expect(read.who).toBe('System');
    expect(read.action).toBe('User updated');
    expect(read.changes.map((change) => `${change.label}: ${change.before} → ${change.after}`)).toEqual([
      'Type: Admin → Employee',
      'Expires: — → 25 Nov 2026 15:43',
    ]);
    expect(readAuditEntry(entry({ action: 'permission.role', entityType: 'role' })).action).toBe(
      'Role permissions changed',
    );
  });

  it('names an entity type nobody declared in words', () => {
    expect(readAuditEntry(entry({ action: 'stockUpload.create', entityType: 'stockUpload' })).action).toBe(
      'Stock upload created',
    );
  });
});
