import { z } from 'zod';
import { USER_TYPES } from '../access/user-types.ts';
import { auditEntrySchema } from '../resources/audit-trail.ts';
import { anyRecordSchema } from '../resources/record-schema.ts';
import { ACCOUNT_MESSAGES } from './account-document-rules.ts';

/**
 * A customer company's KYC documents and its detail screen. The company itself is the `account`
 * engine resource (`apis/account/paginate`, `GET apis/account/{id}`, ...); these paths hang beside it.
 */
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

export const accountDocumentSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  documentType: z.string(),
  documentNumber: z.string().nullable(),
  fileUrl: z.string(),
  /**
   * Where the panel opens the file: for an uploaded (private) file a signed link that works without
   * the session token for a few minutes; otherwise the fileUrl itself.
   */
  fileLink: z.string(),
  fileId: z.string().nullable(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  reviewedBy: z.string().nullable(),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AccountDocument = z.infer<typeof accountDocumentSchema>;

/** A user of the company, as its detail screen lists them. */
export const accountUserSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  primaryEmail: z.string().nullable(),
  type: z.enum(USER_TYPES),
  isActive: z.boolean(),
});
export type AccountUserSummary = z.infer<typeof accountUserSummarySchema>;

/** `GET apis/account/{id}/details`. */
export const accountDetailsSchema = z.object({
  /** The company as `GET apis/account/{id}` answers it, plus the names behind approvedBy/verifiedBy. */
  account: anyRecordSchema.extend({
    approvedByName: z.string().nullable(),
    verifiedByName: z.string().nullable(),
  }),
  users: z.array(accountUserSummarySchema),
  paymentTerm: anyRecordSchema.nullable(),
  documents: z.array(accountDocumentSchema),
  /** The trail of the company and its documents, newest first (50 at most). */
  activity: z.array(auditEntrySchema),
});
export type AccountDetails = z.infer<typeof accountDetailsSchema>;
