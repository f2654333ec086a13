import { certificateCheckUrl, STONE_STATUSES, type StoneOrigin } from '@facet/contract';
import { Descriptions, Flex, Image, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { EMPTY, formatCarat, formatDate, formatMoney } from '../platform/lists/format.ts';
import { linkableUrl } from '../platform/uploads/safe-url.ts';

const money = (value: number | null) => formatMoney(value);
const text = (value: string | null) => value ?? EMPTY;

/** The stone a journey belongs to: identity, grades, where it comes from, and its picture. */
export function StoneOriginCard({ stone }: { stone: StoneOrigin }) {
  const verify = certificateCheckUrl(stone.lab, stone.certificateNumber);
  const report: ReactNode = stone.certificateNumber ? (
    <Flex gap={8} align="center">
      <span>
        {stone.lab ? `${stone.lab} ` : ''}
        {stone.certificateNumber}
      </span>
      {verify && (
        <Typography.Link href={verify} target="_blank" rel="noopener noreferrer">
          Verify
        </Typography.Link>
      )}
    </Flex>
  ) : (
    EMPTY
  );
  const status = STONE_STATUSES.find((option) => option.value === stone.status)?.label ?? stone.status;
  const image = linkableUrl(stone.imageUrl);
  const flags = [stone.isTypeIIa && 'Type IIa', stone.isCanadaMark && 'CanadaMark'].filter(Boolean);
  return (
    <Flex gap={24} wrap align="start">
      {image && (
        <Image
          src={image}
          alt={stone.stockNumber}
          width={160}
          height={160}
          style={{ objectFit: 'contain', background: '#fafafa', borderRadius: 8 }}
        />
      )}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, lg: 3 }}
        style={{ flex: 1, minWidth: 320 }}
        items={[
          { key: 'stock', label: 'Stock #', children: stone.stockNumber },
          { key: 'report', label: 'Report #', children: report },
          { key: 'status', label: 'Status', children: status },
          {
            key: 'grades',
            label: 'Grades',
            children: [stone.shape, `${formatCarat(stone.carat)} ct`, stone.color, stone.clarity]
              .filter(Boolean)
              .join(' '),
          },
          {
            key: 'make',
            label: 'Cut / polish / symmetry',
            children: [stone.cut, stone.polish, stone.symmetry].map((grade) => grade ?? EMPTY).join(' / '),
          },
          { key: 'fluorescence', label: 'Fluorescence', children: text(stone.fluorescence) },
          { key: 'measurements', label: 'Measurements (mm)', children: text(stone.measurements) },
          { key: 'origin', label: 'Rough origin', children: text(stone.roughOrigin) },
          { key: 'mine', label: 'Mine', children: text(stone.mine) },
          {
            key: 'flags',
            label: 'Provenance',
            children: flags.length ? flags.map((flag) => <Tag key={String(flag)}>{flag}</Tag>) : EMPTY,
          },
          { key: 'reportDate', label: 'Report date', children: formatDate(stone.reportDate) },
          { key: 'location', label: 'Location', children: text(stone.location) },
          { key: 'price', label: 'Price/ct', children: money(stone.pricePerCarat) },
          { key: 'amount', label: 'Amount', children: money(stone.amount) },
        ]}
      />
    </Flex>
  );
}
