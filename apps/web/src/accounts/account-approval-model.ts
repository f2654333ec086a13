import { ACCOUNT_DOCUMENT_STATUS, type AccountDocumentStatus } from '@facet/contract';

/** The parts of a KYC document the approval's confirmation reads. */
export interface ReviewedDocument {
  id: string;
  documentType: string;
  documentNumber: string | null;
  status: AccountDocumentStatus;
  rejectionReason: string | null;
}

export interface ApprovalCheck {
  /** One line per document that is not approved: "Passport (P1234567) — pending review". */
  openDocuments: { id: string; text: string }[];
  /** What the confirmation says above (or instead of) that list. */
  summary: string;
}

function nameOf(document: ReviewedDocument): string {
  return document.documentNumber
    ? `${document.documentType} (${document.documentNumber})`
    : document.documentType;
}

function stateOf(document: ReviewedDocument): string {
  if (document.status === ACCOUNT_DOCUMENT_STATUS.PENDING) return 'pending review';
  return document.rejectionReason ? `rejected: ${document.rejectionReason}` : 'rejected';
}

/**
 * What a reviewer must know before approving a company: the KYC documents still pending or rejected,
 * by name, so that an approval never passes over them unseen.
 */
export function approvalCheckOf(documents: readonly ReviewedDocument[]): ApprovalCheck {
  // Pending ones first (still to review), then the rejected; each kind in the documents' own order.
  const open = documents
    .filter((document) => document.status !== ACCOUNT_DOCUMENT_STATUS.APPROVED)
    .sort((a, b) => a.status - b.status);
  if (documents.length === 0) {
    return { openDocuments: [], summary: 'This company has no KYC documents yet.' };
  }
  if (open.length === 0) {
    return { openDocuments: [], summary: 'All its KYC documents are approved.' };
  }
  return {
    openDocuments: open.map((document) => ({
      id: document.id,
      text: `${nameOf(document)} — ${stateOf(document)}`,
    })),
    summary:
      open.length === 1
        ? 'One KYC document is not approved:'
        : `${open.length} KYC documents are not approved:`,
  };
}
