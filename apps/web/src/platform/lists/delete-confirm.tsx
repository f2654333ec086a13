import { quotedTitle } from '@facet/contract';
import { Alert, Modal } from 'antd';
import { useState } from 'react';

/** "Country", "Sub Master" read as "country", "sub master" in a sentence; "KYC Document" keeps its KYC. */
function inSentence(title: string): string {
  return title
    .split(' ')
    .map((word) => (/^[A-Z][a-z]/.test(word) ? word.toLowerCase() : word))
    .join(' ');
}

/**
 * The question before a delete, naming the record. A refusal (a record others still use) stays in the
 * dialog, so the answer is read where the question was asked.
 */
export function DeleteConfirm({
  what,
  name,
  detail,
  onConfirm,
  onClose,
}: {
  /** The kind of record: the resource's title. */
  what: string;
  name: string;
  /** What else the user should know before deleting (who still has the role). */
  detail?: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const kind = inSentence(what);
  return (
    <Modal
      open
      title={name ? `Delete ${kind} ${quotedTitle(name)}?` : `Delete this ${kind}?`}
      okText="Delete"
      // Refused (the record is still in use): asking again would get the same answer.
      okButtonProps={{ danger: true, disabled: refusal !== null }}
      cancelText={refusal ? 'Close' : 'Cancel'}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={async () => {
        setBusy(true);
        try {
          await onConfirm();
          onClose();
        } catch (error) {
          setRefusal(error instanceof Error ? error.message : String(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      {refusal ? (
        <Alert type="error" showIcon title={refusal} />
      ) : (
        <p>{detail ?? 'This cannot be undone.'}</p>
      )}
    </Modal>
  );
}
