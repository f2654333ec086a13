import {
  type ResourceRecord,
  type ResourceSpec,
  SHOWING_STATUS_LABELS,
  type ShowingStatus,
  showingStatusOf,
} from '@facet/contract';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EMPTY } from '../lists/format.ts';
import { linkableUrl } from '../uploads/safe-url.ts';
import { recordTitleOf } from './resource-model.ts';

const THUMBNAIL = { width: 56, height: 32 };

const STATUS_COLOURS: Readonly<Record<ShowingStatus, string | undefined>> = {
  live: 'green',
  scheduled: 'blue',
  expired: undefined,
};

function Thumbnail({ src, alt }: { src: string; alt: string }) {
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      width={THUMBNAIL.width}
      height={THUMBNAIL.height}
      style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
    />
  );
}

/**
 * The columns a resource's `listPreview` asks for, before its fields: a thumbnail and the Live, Scheduled
 * or Expired tag. They show what the record looks like and whether customers see it now; they are not
 * fields, so neither the column chooser nor an export has them.
 */
export function previewColumns(resource: ResourceSpec): ColumnsType<ResourceRecord> {
  const { image, period } = resource.listPreview ?? {};
  const columns: ColumnsType<ResourceRecord> = [];
  if (image) {
    columns.push({
      key: 'preview:image',
      title: 'Image',
      width: THUMBNAIL.width + 24,
      render: (_, record) => {
        const value = record[image];
        const source = typeof value === 'string' && value ? linkableUrl(value) : null;
        return source ? <Thumbnail src={source} alt={recordTitleOf(resource, record)} /> : EMPTY;
      },
    });
  }
  if (period) {
    columns.push({
      key: 'preview:status',
      title: 'Status',
      width: 110,
      render: (_, record) => {
        const status = showingStatusOf(record, period);
        return <Tag color={STATUS_COLOURS[status]}>{SHOWING_STATUS_LABELS[status]}</Tag>;
      },
    });
  }
  return columns;
}
