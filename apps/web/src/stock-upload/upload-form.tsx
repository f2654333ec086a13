import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import {
  STOCK_UPLOAD_DUPLICATE_POLICIES,
  STOCK_UPLOAD_DUPLICATE_POLICY_LABELS,
  STOCK_UPLOAD_EXTENSIONS,
  STOCK_UPLOAD_MESSAGES,
  STOCK_UPLOAD_MODE_LABELS,
  STOCK_UPLOAD_MODES,
  type StockUploadDuplicatePolicy,
  type StockUploadJob,
  type StockUploadMode,
} from '@facet/contract';
import { Button, Card, Checkbox, Flex, Radio, Typography } from 'antd';
import { type DragEvent, lazy, Suspense, useRef, useState } from 'react';
import { toast } from '../platform/app/toast.ts';
import { type StockUploadChoice, uploadStockFile } from './stock-upload-api.ts';

// The progress bar and the refusal load when first drawn (an upload sent, a file refused), not with the
// screen; the file is chosen with the browser's own input behind the button, as antd's Upload did, without
// Upload's list and progress code (docs/performance.md).
const Progress = lazy(() => import('antd/es/progress'));
const Alert = lazy(() => import('antd/es/alert'));

const ACCEPT = STOCK_UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');
/** A dropped file is taken only with an accepted extension, as the file dialog offers only those. */
const isAccepted = (chosen: File) =>
  STOCK_UPLOAD_EXTENSIONS.some((extension) => chosen.name.toLowerCase().endsWith(`.${extension}`));

const MODE_HELP: Record<StockUploadMode, string> = {
  'add-update': 'New stock numbers are added; stones already in stock are updated.',
  'replace-all': 'As add and update, and every stone not in the file is removed from stock.',
};

/** "Ask me" sends no policy: the upload then reports the duplicates and applies none of them. */
const ASK = 'ask';
type DuplicateChoice = StockUploadDuplicatePolicy | typeof ASK;

/**
 * Chooses a RapNet- or Nivoda-style file, the mode, whether to keep the good rows when some are
 * rejected and what to do with a stock # in more than one row, and uploads it with its progress; the
 * server answers at once with the job it started. `onUploaded` gets what was sent, so that the report
 * can send the same file again with a choice for its duplicates.
 */
export function UploadForm({
  onUploaded,
}: {
  onUploaded: (job: StockUploadJob, sent: StockUploadChoice) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<StockUploadMode>('add-update');
  const [keepGoodRows, setKeepGoodRows] = useState(false);
  const [duplicates, setDuplicates] = useState<DuplicateChoice>(ASK);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uploading = percent !== null;
  const fileInput = useRef<HTMLInputElement>(null);
  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setError(null);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    if (event.type !== 'drop' || uploading) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped && isAccepted(dropped)) choose(dropped);
  };

  const submit = async () => {
    if (!file) {
      setError(STOCK_UPLOAD_MESSAGES.missingFile);
      return;
    }
    setError(null);
    setPercent(0);
    try {
      const sent = { file, mode, keepGoodRows, duplicatePolicy: duplicates === ASK ? null : duplicates };
      const job = await uploadStockFile(sent, setPercent);
      toast.success(STOCK_UPLOAD_MESSAGES.received);
      setFile(null);
      onUploaded(job, sent);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPercent(null);
    }
  };

  return (
    <Card title="Upload a stock file" size="small">
      <Flex vertical gap={16}>
        <Flex align="center" gap={12} wrap>
          {/* Kept for the upload button: nothing is sent when a file is chosen. */}
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            hidden
            disabled={uploading}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              // The same file chosen again (after a refusal) is a change too.
              event.target.value = '';
            }}
          />
          <Button
            icon={<UploadOutlined />}
            disabled={uploading}
            onClick={() => fileInput.current?.click()}
            onDrop={drop}
            onDragOver={drop}
          >
            Choose file
          </Button>
          <Typography.Text type={file ? undefined : 'secondary'} data-testid="chosen-file">
            {file ? file.name : 'CSV or XLSX, RapNet or Nivoda style'}
          </Typography.Text>
        </Flex>
        <Radio.Group
          value={mode}
          onChange={(event) => setMode(event.target.value as StockUploadMode)}
          disabled={uploading}
          aria-label="Upload mode"
        >
          <Flex vertical gap={4}>
            {STOCK_UPLOAD_MODES.map((value) => (
              <Radio key={value} value={value}>
                {STOCK_UPLOAD_MODE_LABELS[value]}{' '}
                <Typography.Text type="secondary">— {MODE_HELP[value]}</Typography.Text>
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
        <Checkbox
          checked={keepGoodRows}
          onChange={(event) => setKeepGoodRows(event.target.checked)}
          disabled={uploading}
        >
          Keep the good rows when some rows are rejected (otherwise nothing is applied)
        </Checkbox>
        <Flex vertical gap={4}>
          <Typography.Text id="duplicate-choice-label">
            When a stock # is in more than one row
          </Typography.Text>
          <Radio.Group
            value={duplicates}
            onChange={(event) => setDuplicates(event.target.value as DuplicateChoice)}
            disabled={uploading}
            aria-labelledby="duplicate-choice-label"
          >
            <Flex gap={12} wrap>
              <Radio value={ASK}>Ask me (none of those rows is applied)</Radio>
              {STOCK_UPLOAD_DUPLICATE_POLICIES.map((value) => (
                <Radio key={value} value={value}>
                  {STOCK_UPLOAD_DUPLICATE_POLICY_LABELS[value]}
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        </Flex>
        <Flex gap={12} align="center">
          {/* Disabled rather than `loading`: antd leaves a quick upload's spinner in the button, named
              "loading Upload" to assistive technology, until its leave animation ends, which can be never. */}
          <Button type="primary" onClick={() => void submit()} disabled={!file || uploading}>
            Upload
          </Button>
          <Suspense>
            {uploading ? <Progress percent={percent ?? 0} size="small" style={{ width: 240 }} /> : null}
          </Suspense>
        </Flex>
        <Suspense>{error ? <Alert type="error" showIcon title={error} role="alert" /> : null}</Suspense>
      </Flex>
    </Card>
  );
}
