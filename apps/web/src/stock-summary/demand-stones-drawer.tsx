import {
  DEMAND_STONE_COLUMNS,
  type DemandRecord,
  type DemandStone,
  type ResourceRecord,
  stoneResource,
} from '@facet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { renderCell } from '../platform/resources/resource-cells.tsx';
import { demandStonesKey, stockSummaryApi } from './stock-summary-api.ts';

const PAGE_SIZE = 20;

/** The stock's own cells of the stone's fields a demand's matches show. */
const COLUMNS: ColumnsType<DemandStone> = DEMAND_STONE_COLUMNS.filter((key) => key !== 'fancyColor').map(
  (key) => {
    const spec = stoneResource.fields[key];
    // The stock's cells read a row of the stone's fields, which a matching stone is.
    const cell = (stone: DemandStone, field: string) =>
      renderCell(stoneResource, field, stone as unknown as ResourceRecord, false);
    return {
      key,
      title: spec?.label ?? key,
      align: spec?.kind === 'decimal' ? 'end' : undefined,
      render: (_: unknown, stone: DemandStone) =>
        key === 'colorId' && !stone.colorId && stone.fancyColor
          ? cell(stone, 'fancyColor')
          : cell(stone, key),
    };
  },
);

/**
 * A demand opened: the stones of the stock it matches now (visible and available, as the customer is
 * told of them), a page at a time from the server.
 */
export function DemandStonesDrawer({ demand, onClose }: { demand: DemandRecord; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const stones = useQuery({
    queryKey: [...demandStonesKey, demand.id, page],
    queryFn: () => stockSummaryApi.demandStones(demand.id, page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  return (
    <Drawer open title={`Stones matching ${demand.name}`} size={820} onClose={onClose}>
      <Typography.Paragraph type="secondary">
        {demand.userName} · {demand.criteria}
      </Typography.Paragraph>
      {stones.isError && <Alert type="error" showIcon title="The matching stones could not be read." />}
      <Table<DemandStone>
        rowKey="id"
        size="small"
        columns={COLUMNS}
        dataSource={stones.data?.list ?? []}
        loading={stones.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No stone in stock matches it now' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: stones.data?.count ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
    </Drawer>
  );
}
