import { describe, expect, it } from 'vitest';
import { CONTRACT } from '../contract-modules.ts';
import { auditReferencesOf, auditSubjectOf, humanizeKey } from './audit-subject.ts';
import { USER_REFERENCE } from './fields.ts';

describe('auditSubjectOf', () => {
  it("reads a toggle's stamp as the user who set it, and hides its time", () => {
    const company = auditSubjectOf(CONTRACT, 'account');
    expect(company.title).toBe('Company');
    expect(company.fields.approvedBy).toMatchObject({ kind: 'reference', references: USER_REFERENCE });
    expect(company.hidden).toEqual(expect.arrayContaining(['approvedAt', 'verifiedAt', 'updatedAt']));
  });

  it('reads the entity types modules declare with their labels, and the others by name', () => {
    expect(auditSubjectOf(CONTRACT, 'accountDocument')).toMatchObject({
      title: 'KYC document',
      titleField: 'documentType',
      fields: { accountId: { label: 'Company', references: 'account' } },
    });
    expect(auditSubjectOf(CONTRACT, 'stockUpload').title).toBe('Stock upload');
    expect(humanizeKey('reset_password')).toBe('Reset password');
  });

  it('gives every entity type the audit filter accepts a title', () => {
    for (const name of CONTRACT.auditEntityTypes)
      expect(auditSubjectOf(CONTRACT, name).title, name).not.toBe('');
  });
});

describe('auditReferencesOf', () => {
  it("collects the ids an entry's references hold, by what they point at", () => {
    const into = new Map<string, Set<string>>();
    const stone = auditSubjectOf(CONTRACT, 'diamond');
    auditReferencesOf(stone, { shapeId: 's1', colorId: 'c1', status: 'D', mine: 'Argyle' }, into);
    auditReferencesOf(stone, { shapeId: 's2' }, into);
    expect(Object.fromEntries([...into].map(([target, ids]) => [target, [...ids]]))).toEqual({
      master: ['s1', 'c1', 's2'],
    });
  });
});
