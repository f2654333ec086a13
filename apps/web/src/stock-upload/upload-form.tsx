import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import {
  STOCK_UPLOAD_EXTENSIONS,
  STOCK_UPLOAD_MESSAGES,
  STOCK_UPLOAD_MODE_LABELS,
  STOCK_UPLOAD_MODES,
  type StockUploadJob,
  type StockUploadMode,
} from '@facet/contract';
import { Alert, Button, Card, Checkbox, Flex, Progress, Radio, Typography, Upload } from 'antd';
import { useState } from 'react';
import { toast } from '../platform/app/toast.ts';
import { uploadStockFile } from './stock-upload-api.ts';

const ACCEPT = STOCK_UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

const MODE_HELP: Record<StockUploadMode, string> = {
  'add-update': 'New stock numbers are added; stones already in stock are updated.',
  'replace-all': 'As add and update, and every stone not in the file is removed from stock.',
};

/**
 * Chooses a RapNet- or Nivoda-style file, the mode and whether to keep the good rows when some are
 * rejected, and uploads it with its progress; the server answers at once with the job it started.
 */
export function UploadForm({ onUploaded }: { onUploaded: (job: StockUploadJob) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<StockUploadMode>('add-update');
  const [keepGoodRows, setKeepGoodRows] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!file) {
      setError(STOCK_UPLOAD_MESSAGES.missingFile);
      return;
    }
    setError(null);
    setPercent(0);
    try {
      const job = await uploadStockFile({ file, mode, keepGoodRows }, setPercent);
      toast.success(STOCK_UPLOAD_MESSAGES.received);
      setFile(null);
      onUploaded(job);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPercent(null);
    }
  };

  const uploading = percent !== null;
  return (
    <Card title="Upload a stock file" size="small">
      <Flex vertical gap={16}>
        <Flex align="center" gap={12} wrap>
          <Upload
            accept={ACCEPT}
            maxCount={1}
            showUploadList={false}
            disabled={uploading}
            beforeUpload={(chosen) => {
              setFile(chosen);
              setError(null);
              // Kept for the upload button: antd must not send it by itself.
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} disabled={uploading}>
              Choose file
            </Button>
          </Upload>
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
        <Flex gap={12} align="center">
          {/* Disabled rather than `loading`: antd leaves a quick upload's spinner in the button, named
              "loading Upload" to assistive technology, until its leave animation ends, which can be never. */}
          <Button type="primary" onClick={() => void submit()} disabled={!file || uploading}>
            Upload
          </Button>
          {uploading ? <Progress percent={percent ?? 0} size="small" style={{ width: 240 }} /> : null}
        </Flex>
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      </Flex>
    </Card>
  );
}
