import { accountResource } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import {
  companyUsersPath,
  detailItemsOf,
  documentStatusTag,
  reviewActionsOf,
  stampedFieldsOf,
  stampLine,
  uploadedFileIdOf,
} from './account-details-model.ts';

const format = (iso: string) => `<${iso}>`;

describe('company details model', () => {
  it('lists the fields with readable values, leaving out the stamped ones', () => {
    const record = {
      name: 'Brilliant Co',
      code: 'BRC',
      emails: ['a@x.example', 'b@x.example'],
      phones: [],
      countryId: 'c1',
      countryTitle: 'Belgium',
      paymentTermId: null,
      creditLimit: 250000.5,
      bankDetails: 'IBAN 1',
      isActive: true,
      isApproved: true,
      approvedBy: 'u1',
    };
    const items = detailItemsOf(accountResource, record, format, stampedFieldsOf(accountResource));
    const byKey = new Map(items.map((item) => [item.key, item]));
    expect(byKey.get('name')).toMatchObject({ label: 'Name', value: 'Brilliant Co', wide: false });
    expect(byKey.get('emails')).toMatchObject({ value: 'a@x.example, b@x.example', wide: true });
    expect(byKey.get('phones')?.value).toBe('—');
    expect(byKey.get('countryId')?.value).toBe('Belgium');
    expect(byKey.get('paymentTermId')?.value).toBe('—');
    expect(byKey.get('creditLimit')?.value).toBe('USD 250,000.50');
    expect(byKey.get('bankDetails')?.wide).toBe(true);
    expect(byKey.get('isActive')?.value).toBe('Yes');
    expect(byKey.has('isApproved')).toBe(false);
    expect(byKey.has('approvedBy')).toBe(false);
    expect(byKey.has('verifiedAt')).toBe(false);
  });

  it('says who and when a flag was set', () => {
    expect(stampLine('Approved', true, 'Asha Rao', '2025-03-01T10:00:00Z', format)).toBe(
      'Approved by Asha Rao on <2025-03-01T10:00:00Z>',
    );
    expect(stampLine('Verified', true, null, null, format)).toBe('Verified');
    expect(stampLine('Approved', false, 'Asha Rao', '2025-03-01T10:00:00Z', format)).toBeNull();
  });

  it('tags and reviews documents by status', () => {
    expect(documentStatusTag(1)).toEqual({ label: 'Pending', color: 'gold' });
    expect(documentStatusTag(2)).toEqual({ label: 'Approved', color: 'green' });
    expect(documentStatusTag(3)).toEqual({ label: 'Rejected', color: 'red' });
    expect(reviewActionsOf(1)).toEqual({ approve: true, reject: true });
    expect(reviewActionsOf(2)).toEqual({ approve: false, reject: true });
    expect(reviewActionsOf(3)).toEqual({ approve: true, reject: false });
  });

  it('links to the user list filtered to the company', () => {
    expect(companyUsersPath('a-1')).toBe('user?accountId=a-1');
  });

  it('finds the upload behind a file url', () => {
    const id = '5f0c9a43-0b7e-4b55-9a3e-0f1b2c3d4e5f';
    expect(uploadedFileIdOf(`/files/${id}/passport.pdf`)).toBe(id);
    expect(uploadedFileIdOf('https://kyc.example/licence.pdf')).toBeNull();
    expect(uploadedFileIdOf('/files/not-an-id/x.pdf')).toBeNull();
  });
});
