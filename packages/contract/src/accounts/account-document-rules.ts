import { recordOutcomeMessage } from '../resources/record-labels.ts';

// The documents' statuses, types and wording: no schema, and free of zod, apart from account-documents.ts,
// because the company's detail screen reads them on its first load (docs/performance.md).

/** A company document's review status. */
export const ACCOUNT_DOCUMENT_STATUS = { PENDING: 1, APPROVED: 2, REJECTED: 3 } as const;
export type AccountDocumentStatus = (typeof ACCOUNT_DOCUMENT_STATUS)[keyof typeof ACCOUNT_DOCUMENT_STATUS];
export const ACCOUNT_DOCUMENT_STATUS_LABELS: Record<AccountDocumentStatus, string> = {
  1: 'Pending',
  2: 'Approved',
  3: 'Rejected',
};

/** Masters whose values name a document's type. */
export const DOCUMENT_TYPE_MASTER_CODES = ['DOC_TYPE_PERSONAL', 'DOC_TYPE_BUSINESS'] as const;

export const ACCOUNT_MESSAGES = {
  details: 'Company details.',
  documents: 'Company documents.',
  documentTypeRequired: 'Enter a document type.',
  fileRequired: 'Upload the document file.',
  fileUrlInvalid: 'Upload a file or enter an http(s) address.',
  fileNotPrivate: 'Upload the document here, as a company document: this file was uploaded as public media.',
  reasonRequired: 'Enter the reason for the rejection.',
  documentCreated: (type: string) => recordOutcomeMessage('document', type, 'created'),
  documentApproved: (type: string) => `Document '${type}' approved.`,
  documentRejected: (type: string) => `Document '${type}' rejected.`,
  documentDeleted: (type: string) => recordOutcomeMessage('document', type, 'deleted'),
  documentNotFound: 'Document not found.',
  accountNotFound: 'Company not found.',
} as const;
