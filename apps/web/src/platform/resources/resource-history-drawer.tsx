import type { ResourceRecord, ResourceSpec } from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { Drawer } from 'antd';
import { AuditTable } from '../audit/audit-table.tsx';
import { resourceApi, resourceKey } from './resource-api.ts';
import { recordTitleOf } from './resource-model.ts';

/** Every create, update, delete and status change of one record, newest first. */
export function ResourceHistoryDrawer({
  resource,
  record,
  onClose,
}: {
  resource: ResourceSpec;
  record: ResourceRecord;
  onClose: () => void;
}) {
  const history = useQuery({
    queryKey: [...resourceKey(resource.name), 'history', record.id],
    queryFn: () => resourceApi(resource).history(record.id),
  });
  const title = recordTitleOf(resource, record);
  return (
    <Drawer title={`History — ${title}`} open onClose={onClose} size={760} destroyOnHidden>
      <AuditTable entries={history.data ?? []} loading={history.isFetching} />
    </Drawer>
  );
}
