import type { UserRecord } from '@facet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer } from 'antd';
import { useState } from 'react';
import { auditApi } from '../platform/api/user-admin-api.ts';
import { AuditTable } from '../platform/audit/audit-table.tsx';

const PAGE_SIZE = 10;

/** Super admins only: the audit trail of one user, newest first. */
export function UserHistoryDrawer({ user, onClose }: { user: UserRecord | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: ['audit', 'user', user?.id, page],
    queryFn: () =>
      auditApi.paginate({
        page,
        limit: PAGE_SIZE,
        filter: { entityType: 'user', entityId: user?.id },
        sort: { createdAt: 'desc' },
      }),
    enabled: user !== null,
    placeholderData: keepPreviousData,
  });

  return (
    <Drawer
      title={`History${user ? ` — ${user.name}` : ''}`}
      open={user !== null}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      size={760}
      destroyOnHidden
    >
      <AuditTable
        entries={history.data?.list ?? []}
        loading={history.isFetching}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: history.data?.count ?? 0,
          onChange: setPage,
        }}
      />
    </Drawer>
  );
}
