import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { AccountApprovalProps } from './account-approval-dialog.tsx';

// The dialog (antd's Modal) loads when first opened; the details page's first load stays light.
const AccountApprovalDialog = lazy(() =>
  import('./account-approval-dialog.tsx').then((module) => ({ default: module.AccountApprovalDialog })),
);

/**
 * Approve a company, or revoke its approval, from its details page only: the confirmation names the KYC
 * documents still pending or rejected, which the list's one click would have passed over.
 */
export function AccountApproval({ account, documents }: AccountApprovalProps) {
  const [open, setOpen] = useState(false);
  const approving = !account.isApproved;
  return (
    <>
      <Button type={approving ? 'primary' : 'default'} onClick={() => setOpen(true)}>
        {approving ? 'Approve' : 'Revoke approval'}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AccountApprovalDialog account={account} documents={documents} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
