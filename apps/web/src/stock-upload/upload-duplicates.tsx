import {
  duplicateRowsText,
  STOCK_UPLOAD_DUPLICATE_POLICIES,
  STOCK_UPLOAD_DUPLICATE_POLICY_LABELS,
  STOCK_UPLOAD_DUPLICATES_LISTED,
  STOCK_UPLOAD_MESSAGES,
  type StockUploadDuplicate,
  type StockUploadDuplicatePolicy,
  type StockUploadJob,
} from '@facet/contract';
import { Alert, Button, Flex, Radio, Typography } from 'antd';
import { useState } from 'react';
import { toast } from '../platform/app/toast.ts';
import { type StockUploadChoice, uploadStockFile } from './stock-upload-api.ts';

/** A few are listed; the report's Duplicate rows hold them all. */
const LISTED = 20;

interface UploadDuplicatesProps {
  job: StockUploadJob;
  /** What was sent for this job from this screen, if it was: it can be sent again with a choice. */
  sent: StockUploadChoice | null;
  onUploaded: (job: StockUploadJob, sent: StockUploadChoice) => void;
}

const rowsText = (duplicate: StockUploadDuplicate) =>
  `rows ${duplicateRowsText(duplicate.rowNumbers, duplicate.rowCount)}`;

/**
 * The stock numbers found in more than one row of the file, with their rows. Without a choice none of
 * those rows was applied: the person uploading chooses which row to keep, and the file goes again.
 */
export function UploadDuplicates({ job, sent, onUploaded }: UploadDuplicatesProps) {
  const [policy, setPolicy] = useState<StockUploadDuplicatePolicy | null>(null);
  const [sending, setSending] = useState(false);
  if (job.duplicates.length === 0) return null;
  const unchosen = job.duplicatePolicy === null;
  // The job lists the first of them; past that the count is a floor.
  const count = job.duplicates.length;
  const counted =
    count >= STOCK_UPLOAD_DUPLICATES_LISTED ? `${count.toLocaleString('en')} or more` : String(count);

  const sendAgain = async () => {
    if (!sent || !policy) return;
    setSending(true);
    try {
      const again = { ...sent, duplicatePolicy: policy };
      const next = await uploadStockFile(again, () => undefined);
      toast.success(STOCK_UPLOAD_MESSAGES.received);
      onUploaded(next, again);
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <Alert
      type={unchosen ? 'warning' : 'info'}
      showIcon
      title={
        unchosen
          ? `${counted} ${count === 1 ? 'stock # is' : 'stock numbers are'} in more than one row: none of those rows was applied.`
          : `${counted} ${count === 1 ? 'stock # was' : 'stock numbers were'} in more than one row: ${STOCK_UPLOAD_DUPLICATE_POLICY_LABELS[
              job.duplicatePolicy as StockUploadDuplicatePolicy
            ].toLowerCase()}.`
      }
      description={
        <Flex vertical gap={8}>
          <ul aria-label="Duplicate stock numbers" style={{ margin: 0, paddingInlineStart: 20 }}>
            {job.duplicates.slice(0, LISTED).map((duplicate) => (
              <li key={duplicate.rowNumbers[0]}>
                Stock # {duplicate.stockNumbers.join(' / ')}: {rowsText(duplicate)}
              </li>
            ))}
          </ul>
          {count > LISTED ? (
            <Typography.Text type="secondary">
              And {count - LISTED} more: see the Duplicate rows below, or download the report.
            </Typography.Text>
          ) : null}
          {unchosen && sent ? (
            <Flex gap={12} align="center" wrap>
              <Radio.Group
                value={policy}
                onChange={(event) => setPolicy(event.target.value as StockUploadDuplicatePolicy)}
                aria-label="Which row to keep"
                disabled={sending}
              >
                {STOCK_UPLOAD_DUPLICATE_POLICIES.map((value) => (
                  <Radio key={value} value={value}>
                    {STOCK_UPLOAD_DUPLICATE_POLICY_LABELS[value]}
                  </Radio>
                ))}
              </Radio.Group>
              <Button type="primary" disabled={!policy || sending} onClick={() => void sendAgain()}>
                Upload again with this choice
              </Button>
            </Flex>
          ) : null}
          {unchosen && !sent ? (
            <Typography.Text type="secondary">
              Upload the file again and choose which row to keep.
            </Typography.Text>
          ) : null}
        </Flex>
      }
    />
  );
}
