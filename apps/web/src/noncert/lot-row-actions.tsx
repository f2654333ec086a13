import type { ResourceRecord } from '@facet/contract';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { panelPath } from '../platform/app/paths.ts';
import { usePermissions } from '../platform/session/use-holder.ts';

/** A lot's own row actions: its criteria editor and its full form (the list's Edit is a quick drawer). */
export function LotRowActions({ record }: { record: ResourceRecord }) {
  const { can } = usePermissions();
  const navigate = useNavigate();
  if (!can('NonCert', 'insert')) return null;
  const open = (path: string) => void navigate(panelPath(path));
  return (
    <>
      <Button
        type="link"
        size="small"
        style={{ paddingInline: 4 }}
        onClick={() => open(`noncert/criteria/${record.id}`)}
      >
        Criteria
      </Button>
      <Button
        type="link"
        size="small"
        style={{ paddingInline: 4 }}
        onClick={() => open(`noncert/upsert/${record.id}`)}
      >
        Open
      </Button>
    </>
  );
}
