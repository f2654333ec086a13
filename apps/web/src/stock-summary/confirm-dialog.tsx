import { Alert, Modal } from 'antd';
import { useState } from 'react';
import { toast } from '../platform/app/toast.ts';

/**
 * A question before a change that cannot be taken back (reject an offer, release a stone). The answer's
 * message is toasted; a refusal has been toasted by the client, and the dialog stays to be closed.
 */
export function ConfirmDialog({
  title,
  detail,
  okText,
  danger,
  warning,
  run,
  onClose,
}: {
  title: string;
  detail: string;
  okText: string;
  danger?: boolean;
  /** What staff should weigh before they agree (a price far below the list), shown above the detail. */
  warning?: string | null;
  run: () => Promise<{ message: string }>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={title}
      okText={okText}
      okButtonProps={{ danger }}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={async () => {
        setBusy(true);
        try {
          toast.success((await run()).message);
          onClose();
        } catch {
          // The client has shown the server's reason.
        } finally {
          setBusy(false);
        }
      }}
    >
      {warning && <Alert type="warning" showIcon title={warning} style={{ marginBottom: 12 }} />}
      <p>{detail}</p>
    </Modal>
  );
}
