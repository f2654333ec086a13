import { certificateCheckUrl, type ResourceRecord, referenceTitleKey, stoneResource } from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Flex, Popconfirm, Space, Typography } from 'antd';
import { type ReactNode, Suspense, useState } from 'react';
import { toast } from '../platform/app/toast.ts';
import { useWebModules } from '../platform/modules/web-modules-context.tsx';
import { resourceKey } from '../platform/resources/resource-api.ts';
import { renderCell } from '../platform/resources/resource-cells.tsx';
import { stoneApi } from './stock-api.ts';
import { STONE_FIELD_GROUPS, safeMediaUrl } from './stone-groups.ts';

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** Image, video, certificate PDF and the lab's verification page of one stone. */
function StoneMedia({ stone }: { stone: ResourceRecord }) {
  const [showCertificate, setShowCertificate] = useState(false);
  const image = safeMediaUrl(stone.imageUrl);
  const video = safeMediaUrl(stone.videoUrl);
  const certificate = safeMediaUrl(stone.certificateUrl);
  const hearts = safeMediaUrl(stone.heartsImageUrl);
  const arrows = safeMediaUrl(stone.arrowsImageUrl);
  const lab = stone[referenceTitleKey('labId')];
  const reportNumber = typeof stone.certificateNumber === 'string' ? stone.certificateNumber : null;
  const verify = certificateCheckUrl(typeof lab === 'string' ? lab : null, reportNumber);

  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }}>
      <Space wrap size={16}>
        {verify ? (
          <ExternalLink href={verify}>
            Verify {String(lab)} report {reportNumber}
          </ExternalLink>
        ) : (
          <Typography.Text type="secondary">
            {reportNumber ? `No online check for ${lab ? String(lab) : 'this lab'}` : 'No report number'}
          </Typography.Text>
        )}
        {certificate && <ExternalLink href={certificate}>Certificate PDF</ExternalLink>}
        {certificate && (
          <Button size="small" onClick={() => setShowCertificate((shown) => !shown)}>
            {showCertificate ? 'Hide certificate' : 'Show certificate'}
          </Button>
        )}
        {video && <ExternalLink href={video}>Video</ExternalLink>}
      </Space>
      {(image || video || hearts || arrows) && (
        <div className="stock-media">
          {image && <img src={image} alt={`Stone ${String(stone.stockNumber)}`} />}
          {video && (
            // biome-ignore lint/a11y/useMediaCaption: stone videos are silent turntable footage.
            <video src={video} controls preload="metadata" aria-label="Stone video" />
          )}
          {hearts && <img src={hearts} alt="Hearts" />}
          {arrows && <img src={arrows} alt="Arrows" />}
        </div>
      )}
      {certificate && showCertificate && (
        <iframe className="stock-certificate" src={certificate} title="Certificate PDF" />
      )}
    </Flex>
  );
}

/** A stone with all its fields, grouped as a grader reads them, and its media and actions. */
export function StoneDetailDrawer({
  stone: listed,
  onClose,
  onEdit,
  onDelete,
  onHistory,
}: {
  stone: ResourceRecord;
  onClose: () => void;
  onEdit?: (stone: ResourceRecord) => void;
  onDelete?: (stone: ResourceRecord) => Promise<unknown>;
  onHistory: (stone: ResourceRecord) => void;
}) {
  // The list row shows at once (it carries every field); the record is read again so that the drawer
  // follows an edit made from it.
  const record = useQuery({
    queryKey: [...resourceKey(stoneResource.name), 'record', listed.id],
    queryFn: (): Promise<ResourceRecord> => stoneApi.get(listed.id),
    placeholderData: listed,
  });
  const stone = record.data ?? listed;
  const sections = useWebModules().recordSections.get(stoneResource.name) ?? [];
  const title = `Stone ${String(stone.stockNumber ?? '')}`;

  return (
    <Drawer
      title={title}
      open
      onClose={onClose}
      size={720}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={() => onHistory(stone)}>History</Button>
          {onEdit && (
            <Button type="primary" onClick={() => onEdit(stone)}>
              Edit
            </Button>
          )}
          {onDelete && (
            <Popconfirm
              title="Delete this stone?"
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                onDelete(stone)
                  .then(onClose)
                  // A refusal (a stone still featured or in use) is read here; the delete shows no toast.
                  .catch((error: Error) => toast.error(error.message))
              }
            >
              <Button danger>Delete</Button>
            </Popconfirm>
          )}
        </Space>
      }
    >
      <StoneMedia stone={stone} />
      {sections.map(({ key, Section }) => (
        <Suspense key={key}>
          <Section record={stone} />
        </Suspense>
      ))}
      {STONE_FIELD_GROUPS.map((group) => {
        const keys = group.keys.filter((key) => !isEmpty(stone[key]));
        if (keys.length === 0) return null;
        return (
          <Descriptions
            key={group.title}
            title={group.title}
            size="small"
            bordered
            // One pair a row on a phone: two would break numbers and grades inside a word.
            column={{ xs: 1, sm: 2 }}
            style={{ marginBottom: 16 }}
            items={keys.map((key) => ({
              key,
              label: stoneResource.fields[key]?.label ?? key,
              children: renderCell(stoneResource, key, stone, false),
            }))}
          />
        );
      })}
    </Drawer>
  );
}
