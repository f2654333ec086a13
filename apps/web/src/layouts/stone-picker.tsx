import type { LayoutStone, ResourceRecord } from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { searchStones } from './layout-api.ts';
import { toLayoutStone } from './layout-stones.ts';
import { StoneRowsTable } from './stone-rows-table.tsx';

/** Stones one search shows; a longer list is pasted as stock numbers. */
const RESULTS = 50;

/**
 * Finds stones by stock or report number (part of one, or a pasted list of several) through the stock
 * search, and adds them to the layout one by one or all at once. Stones already in the layout show as
 * added; a stone of another layout is refused by the server when the layout is saved.
 */
export function StonePicker({
  chosen,
  onAdd,
}: {
  chosen: readonly LayoutStone[];
  onAdd: (records: ResourceRecord[]) => void;
}) {
  const [text, setText] = useState('');
  const [asked, setAsked] = useState('');
  const found = useQuery({
    queryKey: ['layout-stone-search', asked],
    queryFn: () => searchStones(asked, RESULTS),
    enabled: asked !== '',
  });
  const records = found.data?.list ?? [];
  const rows = useMemo(() => records.map((record, index) => toLayoutStone(record, index)), [records]);
  const inLayout = useMemo(() => new Set(chosen.map((stone) => stone.id)), [chosen]);
  const addable = records.filter((record) => !inLayout.has(record.id));

  return (
    <section aria-label="Add stones">
      <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label="Stock or report #"
          placeholder="Stock or report # (paste several to find them all)"
          allowClear
          enterButton="Find"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onSearch={(value) => setAsked(value.trim())}
          style={{ maxWidth: 480 }}
        />
        <Button disabled={addable.length === 0} onClick={() => onAdd(addable)}>
          Add all found ({addable.length})
        </Button>
        {found.data && (
          <Typography.Text type="secondary">
            {found.data.count > RESULTS
              ? `${RESULTS} of ${found.data.count} stones shown; narrow the search`
              : `${found.data.count} found`}
          </Typography.Text>
        )}
      </Flex>
      {asked !== '' && (
        <StoneRowsTable
          label="Stones found"
          stones={rows}
          loading={found.isFetching}
          emptyText="No stone has this stock or report number"
          action={(stone) =>
            inLayout.has(stone.id) ? (
              <Typography.Text type="secondary">Added</Typography.Text>
            ) : (
              <Button
                size="small"
                aria-label={`Add ${stone.stockNumber}`}
                onClick={() => onAdd(records.filter((record) => record.id === stone.id))}
              >
                Add
              </Button>
            )
          }
        />
      )}
    </section>
  );
}
