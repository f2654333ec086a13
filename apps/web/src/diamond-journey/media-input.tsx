import { JOURNEY_MESSAGES, type UploadKind } from '@facet/contract';
import { Flex, Segmented } from 'antd';
import { useState } from 'react';
import { UploadInput } from '../platform/uploads/upload-input.tsx';

const KINDS: { value: UploadKind; label: string }[] = [
  { value: 'image', label: 'Photo' },
  { value: 'video', label: 'Video' },
  { value: 'pdf', label: 'PDF' },
];

/** What a stored url holds, judged by its name: a photo, a video or a document. */
export function mediaKindOf(url: string): UploadKind {
  const path = url.split('?')[0]?.toLowerCase() ?? '';
  if (/\.(mp4|mpeg|mpg|webm|mov)$/.test(path)) return 'video';
  if (/\.pdf$/.test(path)) return 'pdf';
  return 'image';
}

/**
 * The media of a journey event: a photo, a video or a PDF uploaded to `apis/upload`, or a pasted
 * address. antd's Form.Item passes `value`, `onChange` and `id`.
 */
export function MediaInput({
  model,
  value,
  onChange,
  id,
}: {
  /** The resource the media is uploaded for. */
  model: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
}) {
  const [kind, setKind] = useState<UploadKind>(value ? mediaKindOf(value) : 'image');
  return (
    <Flex vertical gap={8}>
      <Segmented<UploadKind> aria-label="Media kind" options={KINDS} value={kind} onChange={setKind} />
      <UploadInput
        key={kind}
        kind={kind}
        model={model}
        value={value}
        onChange={onChange}
        id={id}
        allowUrl
        urlRefusal={JOURNEY_MESSAGES.mediaUrl}
      />
    </Flex>
  );
}
