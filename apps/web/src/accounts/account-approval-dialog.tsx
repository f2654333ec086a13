import { type AccountDocument, accountResource } from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Modal, Typography } from 'antd';
import { toast } from '../platform/app/toast.ts';
import { resourceApi, resourceKey } from '../platform/resources/resource-api.ts';
import { approvalCheckOf } from './account-approval-model.ts';

const accounts = resourceApi(accountResource);

export interface AccountApprovalProps {
  account: { id: string; name: string; isApproved: boolean };
  documents: readonly AccountDocument[];
}

/** The confirmation of an approval (naming the KYC documents not approved) or of its revoking. */
export function AccountApprovalDialog({
  account,
  documents,
  onClose,
}: AccountApprovalProps & { onClose: () => void }) {
  const queryClient = useQueryClient();
  const approving = !account.isApproved;
  const save = useMutation({
    mutationFn: () => accounts.toggle(account.id, 'isApproved', approving),
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      onClose();
    },
    // The details, the list and its choices all hang under the resource's key.
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKey(accountResource.name) }),
  });
  const check = approvalCheckOf(documents);

  return (
    <Modal
      open
      title={approving ? `Approve ${account.name}?` : `Revoke the approval of ${account.name}?`}
      okText={approving ? 'Approve' : 'Revoke approval'}
      okButtonProps={{ danger: !approving }}
      confirmLoading={save.isPending}
      onOk={() => save.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      {approving ? (
        <>
          <Typography.Paragraph>{check.summary}</Typography.Paragraph>
          {check.openDocuments.length > 0 && (
            <ul aria-label="KYC documents not approved">
              {check.openDocuments.map((line) => (
                <li key={line.id}>{line.text}</li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <Typography.Paragraph>
          The company is shown as not approved until it is approved again.
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
