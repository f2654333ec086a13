import { z } from 'zod';
import type { AuditEntry } from './audit.ts';
import type { ResourceRecord } from './resources/schemas.ts';
import type { UserType } from './user.ts';

/**
 * A customer company's KYC documents and its detail screen. The company itself is the `account`
 * engine resource (`apis/account/paginate`, `GET apis/account/{id}`, ...); these paths hang beside it.
 */
export const ACCOUNT_DOCUMENT_STATUS = { PENDING: 1, APPROVED: 2, REJECTED: 3 } as const;
export type AccountDocumentStatus = (typeof ACCOUNT_DOCUMENT_STATUS)[keyof typeof ACCOUNT_DOCUMENT_STATUS];
export const ACCOUNT_DOCUMENT_STATUS_LABELS: Record<AccountDocumentStatus, string> = {
  1: 'Pending',
  2: 'Approved',
  3: 'Rejected',
};

/** Masters whose values name a document's type. */
export const DOCUMENT_TYPE_MASTER_CODES = ['DOC_TYPE_PERSONAL', 'DOC_TYPE_BUSINESS'] as const;

export const ACCOUNT_PATHS = {
  details: (accountId: string) => `apis/account/${accountId}/details`,
  documents: (accountId: string) => `apis/account/${accountId}/documents`,
  documentCreate: (accountId: string) => `apis/account/${accountId}/documents/create`,
  documentReview: (documentId: string) => `apis/account/documents/${documentId}/review`,
  /** DELETE. */
  document: (documentId: string) => `apis/account/documents/${documentId}`,
} as const;

export const ACCOUNT_MESSAGES = {
  details: 'Company details.',
  documents: 'Company documents.',
  documentTypeRequired: 'Please input the document type!',
  fileRequired: 'Please upload the document file!',
  fileUrlInvalid: 'The file must be an uploaded file or an http(s) address.',
  fileNotPrivate: 'Upload the document here, as a company document: this file was uploaded as public media.',
  reasonRequired: 'Please give the reason of the rejection!',
  documentCreated: 'Document added.',
  documentApproved: 'Document approved.',
  documentRejected: 'Document rejected.',
  documentDeleted: 'Document deleted.',
  documentNotFound: 'Document not found.',
  accountNotFound: 'Company not found.',
} as const;

export const accountDocumentListSchema = z
  .object({
    filter: z
      .strictObject({ status: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional() })
      .optional(),
  })
  .optional();

export const accountDocumentCreateSchema = z.object({
  documentType: z
    .string({ error: ACCOUNT_MESSAGES.documentTypeRequired })
    .trim()
    .min(1, { error: ACCOUNT_MESSAGES.documentTypeRequired })
    .max(120),
  documentNumber: z.string().trim().max(120).nullable().default(null),
  /** An UploadedFile's root-relative `url` (`/files/...`), or an http(s) address. */
  fileUrl: z
    .string({ error: ACCOUNT_MESSAGES.fileRequired })
    .trim()
    .min(1, { error: ACCOUNT_MESSAGES.fileRequired })
    .max(2000)
    .regex(/^(\/[^/]|https?:\/\/)/, { error: ACCOUNT_MESSAGES.fileUrlInvalid }),
  fileId: z.uuid().nullable().default(null),
});
export type AccountDocumentCreatePayload = z.input<typeof accountDocumentCreateSchema>;

/** Approve (2) or reject (3); a rejection says why. */
export const accountDocumentReviewSchema = z
  .object({
    status: z.union([z.literal(2), z.literal(3)]),
    reason: z.string().trim().max(1000).nullable().optional(),
  })
  .refine((body) => body.status !== 3 || Boolean(body.reason), {
    path: ['reason'],
    error: ACCOUNT_MESSAGES.reasonRequired,
  });
export type AccountDocumentReviewPayload = z.input<typeof accountDocumentReviewSchema>;

export interface AccountDocument {
  id: string;
  accountId: string;
  documentType: string;
  documentNumber: string | null;
  fileUrl: string;
  /**
   * Where the panel opens the file: for an uploaded (private) file a signed link that works without
   * the session token for a few minutes; otherwise the fileUrl itself.
   */
  fileLink: string;
  fileId: string | null;
  status: AccountDocumentStatus;
  reviewedBy: string | null;
  reviewedByName: string | null;
  reviewedAt: string | null;
  rejectionReason: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A user of the company, as its detail screen lists them. */
export interface AccountUserSummary {
  id: string;
  name: string;
  username: string;
  primaryEmail: string | null;
  type: UserType;
  isActive: boolean;
}

/** `GET apis/account/{id}/details`. */
export interface AccountDetails {
  /** The company as `GET apis/account/{id}` answers it, plus the names behind approvedBy/verifiedBy. */
  account: ResourceRecord & { approvedByName: string | null; verifiedByName: string | null };
  users: AccountUserSummary[];
  paymentTerm: ResourceRecord | null;
  documents: AccountDocument[];
  /** The trail of the company and its documents, newest first (50 at most). */
  activity: AuditEntry[];
}
