import { defineAuditEntity } from '../resources/audit-entity.ts';
import { field } from '../resources/fields.ts';
import { ACCOUNT_DOCUMENT_STATUS_LABELS } from './account-document-rules.ts';

/** How the trail reads a company's KYC documents: uploaded, approved or rejected, removed. */
export const accountDocumentAuditEntity = defineAuditEntity({
  name: 'accountDocument',
  title: 'KYC document',
  titleField: 'documentType',
  table: 'account_documents',
  fields: {
    documentType: field.text('Document type'),
    documentNumber: field.text('Document number'),
    fileUrl: field.image('File'),
    status: field.enum(
      'Status',
      Object.entries(ACCOUNT_DOCUMENT_STATUS_LABELS).map(([value, label]) => ({
        value: Number(value),
        label,
      })),
    ),
    rejectionReason: field.longText('Rejection reason'),
    accountId: field.reference('Company', 'account'),
  },
  actions: {
    'accountDocument.create': 'KYC document uploaded',
    'accountDocument.delete': 'KYC document removed',
  },
});
