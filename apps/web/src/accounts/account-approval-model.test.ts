import { describe, expect, it } from 'vitest';
import { approvalCheckOf, type ReviewedDocument } from './account-approval-model.ts';

let ids = 0;
const document = (overrides: Partial<ReviewedDocument>): ReviewedDocument => ({
  id: `d${++ids}`,
  documentType: 'Passport',
  documentNumber: null,
  status: 2,
  rejectionReason: null,
  ...overrides,
});

describe('the approval confirmation of a company', () => {
  it('names each pending, then each rejected KYC document, and leaves out the approved ones', () => {
    const check = approvalCheckOf([
      document({ documentType: 'Trade licence', status: 3, rejectionReason: 'Expired in 2024' }),
      document({ documentType: 'Passport', documentNumber: 'P1234567', status: 1 }),
      document({ documentType: 'Tax certificate', status: 3 }),
      document({ documentType: 'Bank letter', status: 2 }),
    ]);
    expect(check.summary).toBe('3 KYC documents are not approved:');
    expect(check.openDocuments.map((line) => line.text)).toEqual([
      'Passport (P1234567) — pending review',
      'Trade licence — rejected: Expired in 2024',
      'Tax certificate — rejected',
    ]);
    expect(approvalCheckOf([document({ status: 1 })]).summary).toBe('One KYC document is not approved:');
  });

  it('says so when every document is approved, or when there is none', () => {
    expect(approvalCheckOf([document({}), document({ documentType: 'Trade licence' })])).toEqual({
      summary: 'All its KYC documents are approved.',
      openDocuments: [],
    });
    expect(approvalCheckOf([])).toEqual({
      summary: 'This company has no KYC documents yet.',
      openDocuments: [],
    });
  });
});
