import { DeleteOutlined, LinkOutlined, UploadOutlined } from '@ant-design/icons';
import {
  PRIVATE_FILES_PATH,
  RESOURCE_MESSAGES,
  UPLOAD_ENDPOINTS,
  UPLOAD_MAX_BYTES,
  UPLOAD_MESSAGES,
  UPLOAD_MODEL_FIELD,
  UPLOAD_TYPES,
  type UploadKind,
} from '@facet/contract';
import { Button, Flex, Image, Input, Progress, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { callMultipart } from '../api/api-client.ts';
import { ApiError } from '../api/api-error.ts';
import { httpAddressOf, linkableUrl } from './safe-url.ts';

const UPLOAD_FAILED = 'The upload failed. Please try again.';
const MAX_URL_LENGTH = 2048;
/** The server's words for a file address it refuses, for a field that names no label of its own. */
const URL_REFUSED = RESOURCE_MESSAGES.unsafeLink('The file', 'web');

export interface UploadInputProps {
  kind: UploadKind;
  /**
   * The resource the file is for (`banner`, `account`, …): the server asks for its module's insert or
   * update permission, and keeps a company's documents private.
   */
  model: string;
  /** The stored url (antd's Form.Item passes it). */
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  disabled?: boolean;
  /** Also offer a field to paste a url (images hosted elsewhere). */
  allowUrl?: boolean;
  /** Said when "Use" is pressed on anything but an http(s) address (the server's message for the field). */
  urlRefusal?: string;
  /** The address typed in the paste field and not yet used ('' once used or closed). */
  onTypedUrl?: (text: string) => void;
}

/** `.jpg,.jpeg,…` for the file picker; the server checks the content whatever is picked. */
function acceptOf(kind: UploadKind): string {
  return UPLOAD_TYPES[kind].map((ext) => `.${ext}`).join(',');
}

function isImageUrl(value: string): boolean {
  return /\.(png|jpe?g|gif|webp|svg)(\?.*)?$/i.test(value);
}

/** A private file needs the session (or a signed link) to open: it is named, not linked or previewed. */
function isPrivateUrl(url: string): boolean {
  return url.startsWith(`/${PRIVATE_FILES_PATH}/`);
}

function fileNameOf(url: string): string {
  const last = url.split('?')[0]?.split('/').pop() ?? url;
  try {
    return decodeURIComponent(last) || url;
  } catch {
    return last || url;
  }
}

/**
 * A file field: uploads with the session token and the field's kind, shows progress
 * and the server's refusal, stores the returned url as the value, previews images, and clears.
 */
export function UploadInput({
  kind,
  model,
  value,
  onChange,
  id,
  disabled,
  allowUrl = false,
  urlRefusal = URL_REFUSED,
  onTypedUrl,
}: UploadInputProps) {
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pasting, setPasting] = useState(false);

  // The kind and the model go before the file: the server refuses a wrong one before reading the bytes.
  const upload = (file: File) => {
    setError(null);
    setPercent(0);
    const form = new FormData();
    form.append('kind', kind);
    form.append(UPLOAD_MODEL_FIELD, model);
    form.append('file', file);
    callMultipart(UPLOAD_ENDPOINTS.upload, form, { toastErrors: false, onProgress: setPercent })
      .then(({ data }) => {
        setPercent(null);
        onChange?.(data.url);
      })
      .catch((failure: unknown) => {
        setPercent(null);
        // Without an answer of the server's own (a dropped connection, a proxy's page), a plain word.
        setError(failure instanceof ApiError && failure.code ? failure.message : UPLOAD_FAILED);
      });
  };

  const beforeUpload = (file: File) => {
    // Spares a long upload the server would refuse; the server enforces the same limit.
    if (file.size > UPLOAD_MAX_BYTES[kind]) {
      setError(UPLOAD_MESSAGES.tooLarge(kind));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const attachTypedUrl = (text: string) => {
    if (text.trim() === '') {
      setPasting(false);
      return;
    }
    const url = httpAddressOf(text);
    // The field stays open with what was typed, so the address can be corrected.
    if (!url) {
      setError(urlRefusal);
      return;
    }
    setError(null);
    onChange?.(url);
    onTypedUrl?.('');
    setPasting(false);
  };

  const uploading = percent !== null;
  const link = value ? linkableUrl(value) : null;
  return (
    <Flex vertical gap={8} id={id}>
      {value ? (
        <Flex align="center" gap={12} wrap>
          {link && !isPrivateUrl(link) && (kind === 'image' || isImageUrl(link)) ? (
            <Image
              src={link}
              alt={fileNameOf(link)}
              width={96}
              height={96}
              style={{ objectFit: 'contain', background: '#fafafa', borderRadius: 4 }}
            />
          ) : null}
          {!link ? (
            // Stored before links were checked: shown as it is, to be removed, and never followed.
            <Typography.Text ellipsis style={{ maxWidth: 260 }}>
              {value}
            </Typography.Text>
          ) : isPrivateUrl(link) ? (
            <Typography.Text ellipsis style={{ maxWidth: 260 }}>
              {fileNameOf(link)}
            </Typography.Text>
          ) : (
            <Typography.Link
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              ellipsis
              style={{ maxWidth: 260 }}
            >
              {fileNameOf(link)}
            </Typography.Link>
          )}
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            disabled={disabled || uploading}
            onClick={() => {
              setError(null);
              onChange?.(null);
            }}
          >
            Remove
          </Button>
        </Flex>
      ) : null}
      <Space wrap>
        <Upload
          name="file"
          accept={acceptOf(kind)}
          maxCount={1}
          showUploadList={false}
          disabled={disabled || uploading}
          beforeUpload={beforeUpload}
          customRequest={({ file }) => upload(file as File)}
        >
          <Button icon={<UploadOutlined />} loading={uploading} disabled={disabled}>
            {value ? 'Replace' : 'Upload'} {kind === 'pdf' ? 'PDF' : kind}
          </Button>
        </Upload>
        {allowUrl && !pasting ? (
          <Button type="link" icon={<LinkOutlined />} onClick={() => setPasting(true)} disabled={disabled}>
            or paste a URL
          </Button>
        ) : null}
      </Space>
      {allowUrl && pasting ? (
        <Input.Search
          type="url"
          placeholder="https://…"
          enterButton="Use"
          maxLength={MAX_URL_LENGTH}
          disabled={disabled}
          onChange={(event) => {
            if (error === urlRefusal) setError(null);
            onTypedUrl?.(event.target.value);
          }}
          onSearch={attachTypedUrl}
        />
      ) : null}
      {uploading ? <Progress percent={percent} size="small" /> : null}
      {error ? (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      ) : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {UPLOAD_TYPES[kind].join(', ')} · up to {UPLOAD_MAX_BYTES[kind] / 1024 / 1024} MB
      </Typography.Text>
    </Flex>
  );
}
