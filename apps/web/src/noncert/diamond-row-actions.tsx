import type { ResourceRecord } from '@facet/contract';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { panelPath } from '../platform/app/paths.ts';

/** A lot's stone opens on its own form (`noncertdetails/upsert/:id`), beside the list's quick drawer. */
export function DiamondRowActions({ record }: { record: ResourceRecord }) {
  const navigate = useNavigate();
  return (
    <Button
      type="link"
      size="small"
      style={{ paddingInline: 4 }}
      onClick={() => void navigate(panelPath(`noncertdetails/upsert/${record.id}`))}
    >
      Open
    </Button>
  );
}
