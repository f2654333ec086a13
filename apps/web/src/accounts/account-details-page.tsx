import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import {
  type AccountUserSummary,
  accountResource,
  dayTermResource,
  PRIVATE_FILE_LINK_TTL_MS,
  USER_TYPE_LABELS,
} from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Flex, Skeleton, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { panelPath } from '../platform/app/paths.ts';
import { formatDateTime } from '../platform/lists/format.ts';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { usePermissions } from '../platform/session/use-holder.ts';
import { accountApi, accountDetailsKey } from './account-api.ts';
import { AccountApproval } from './account-approval.tsx';
import { companyUsersPath, detailItemsOf, stampedFieldsOf, stampLine } from './account-details-model.ts';

const ResourceFormDrawer = lazy(() =>
  import('../platform/resources/resource-form-drawer.tsx').then((module) => ({
    default: module.ResourceFormDrawer,
  })),
);

// The Activity tab (the trail's reading of every record type) loads when first opened.
const AuditTable = lazy(() =>
  import('../platform/audit/audit-table.tsx').then((module) => ({ default: module.AuditTable })),
);

// The documents tab (its form, upload and image preview) loads when first opened: not on the details
// the screen opens on (docs/performance.md).
const AccountDocuments = lazy(() =>
  import('./account-documents.tsx').then((module) => ({ default: module.AccountDocuments })),
);

// A company's customer activity (its own feature's list) loads when its tab is first opened.
const AccountActivity = lazy(() =>
  import('../stock-summary/account-activity.tsx').then((module) => ({ default: module.AccountActivity })),
);
/** The modules of which any one shows customer activity (the contract's TRACK_LIST_MODULES). */
const ACTIVITY_MODULES = ['Cart', 'Watchlist', 'Reminder', 'Enquiry', 'Offer', 'Hold', 'Demand'] as const;

const NO_PINS = {};
const DOCUMENT_LINK_REFRESH_MS = PRIVATE_FILE_LINK_TTL_MS / 3;
const STAMPED = stampedFieldsOf(accountResource);

const USER_COLUMNS: ColumnsType<AccountUserSummary> = [
  { title: 'Name', dataIndex: 'name' },
  { title: 'Username', dataIndex: 'username' },
  { title: 'E-mail', dataIndex: 'primaryEmail', render: (value: string | null) => value ?? '—' },
  {
    title: 'Type',
    dataIndex: 'type',
    render: (value: keyof typeof USER_TYPE_LABELS) => USER_TYPE_LABELS[value],
  },
  {
    title: 'Status',
    dataIndex: 'isActive',
    render: (value: boolean) => (
      <Tag color={value ? 'green' : 'default'}>{value ? 'Active' : 'Inactive'}</Tag>
    ),
  },
];

/** `/hkadmin/account-details/:id` (module Account): one company with its users, terms, documents and trail. */
export function AccountDetailsPage() {
  const { id } = useParams();
  const { can } = usePermissions();
  const [editing, setEditing] = useState(false);
  const details = useQuery({
    queryKey: accountDetailsKey(id ?? ''),
    queryFn: () => accountApi.details(id as string),
    enabled: Boolean(id),
    retry: false,
    // The documents' links are signed for a while: fresh ones come well before the shown ones lapse.
    refetchInterval: DOCUMENT_LINK_REFRESH_MS,
  });
  const data = details.data;
  const items = useMemo(
    () => (data ? detailItemsOf(accountResource, data.account, formatDateTime, STAMPED) : []),
    [data],
  );
  const termItems = useMemo(
    () => (data?.paymentTerm ? detailItemsOf(dayTermResource, data.paymentTerm, formatDateTime) : []),
    [data],
  );

  const back = <Link to={panelPath('account')}>Back to companies</Link>;
  if (!id) {
    return (
      <Card>
        <Empty description="Choose a company from the list.">{back}</Empty>
      </Card>
    );
  }
  if (details.isError) {
    return (
      <Card>
        <Alert
          type="error"
          showIcon
          title="This company could not be loaded."
          description={details.error.message}
          action={back}
        />
      </Card>
    );
  }
  if (!data) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }

  const { account } = data;
  const approved = stampLine(
    'Approved',
    account.isApproved === true,
    account.approvedByName,
    account.approvedAt as string | null,
    formatDateTime,
  );
  const verified = stampLine(
    'Verified',
    account.isVerified === true,
    account.verifiedByName,
    account.verifiedAt as string | null,
    formatDateTime,
  );
  const title = (
    <Flex align="center" gap={8} wrap>
      <span>{String(account.name)}</span>
      <Tag color={account.isApproved ? 'green' : 'default'}>
        {account.isApproved ? 'Approved' : 'Not approved'}
      </Tag>
      <Tag color={account.isVerified ? 'blue' : 'default'}>
        {account.isVerified ? 'Verified' : 'Not verified'}
      </Tag>
      {account.isActive === false && <Tag color="red">Inactive</Tag>}
    </Flex>
  );
  const toDescriptions = (list: typeof items) =>
    list.map((item) => ({ key: item.key, label: item.label, children: item.value, span: item.wide ? 2 : 1 }));

  return (
    <Card>
      <PageHeader
        title={title}
        extra={
          <>
            <Link to={panelPath('account')}>
              <Button>Companies</Button>
            </Link>
            {can(accountResource.module, 'update') && (
              <AccountApproval
                account={{
                  id: account.id,
                  name: String(account.name),
                  isApproved: account.isApproved === true,
                }}
                documents={data.documents}
              />
            )}
            {can(accountResource.module, 'update') && (
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
          </>
        }
      />
      <Flex vertical gap={2} style={{ marginTop: -8, marginBottom: 12 }}>
        <Typography.Text type="secondary">
          Code {String(account.code)}
          {account.displayName ? ` · ${String(account.displayName)}` : ''}
        </Typography.Text>
        {approved && <Typography.Text type="secondary">{approved}</Typography.Text>}
        {verified && <Typography.Text type="secondary">{verified}</Typography.Text>}
      </Flex>
      <Tabs
        items={[
          {
            key: 'details',
            label: 'Details',
            children: (
              <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={toDescriptions(items)} />
            ),
          },
          {
            key: 'users',
            label: `Users (${data.users.length})`,
            children: (
              <Flex vertical gap={12}>
                <Flex justify="end">
                  <Link to={panelPath(companyUsersPath(account.id))}>Open in the user list</Link>
                </Flex>
                <Table<AccountUserSummary>
                  rowKey="id"
                  size="middle"
                  columns={USER_COLUMNS}
                  dataSource={data.users}
                  pagination={false}
                  locale={{ emptyText: 'No users belong to this company' }}
                />
              </Flex>
            ),
          },
          {
            key: 'terms',
            label: 'Terms',
            children: data.paymentTerm ? (
              <Descriptions
                bordered
                size="small"
                column={{ xs: 1, md: 2 }}
                items={toDescriptions(termItems)}
              />
            ) : (
              <Empty description="No payment term set" />
            ),
          },
          {
            key: 'documents',
            label: `Documents (${data.documents.length})`,
            children: (
              <Suspense fallback={<Skeleton active />}>
                <AccountDocuments
                  accountId={account.id}
                  documents={data.documents}
                  can={{
                    insert: can(accountResource.module, 'insert'),
                    update: can(accountResource.module, 'update'),
                    remove: can(accountResource.module, 'delete'),
                  }}
                />
              </Suspense>
            ),
          },
          {
            key: 'activity',
            // The trail of changes, called History as on every list's row; what customers do is its own tab.
            label: 'History',
            children: (
              <Suspense fallback={<Skeleton active />}>
                <AuditTable entries={data.activity} loading={details.isFetching} showSubject />
              </Suspense>
            ),
          },
          ...(ACTIVITY_MODULES.some((module) => can(module, 'view'))
            ? [
                {
                  key: 'customer-activity',
                  label: 'Customer activity',
                  children: (
                    <Suspense fallback={<Skeleton active />}>
                      <AccountActivity accountId={account.id} />
                    </Suspense>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Suspense>
        {editing && (
          <ResourceFormDrawer
            resource={accountResource}
            pinned={NO_PINS}
            target={account}
            onClose={() => setEditing(false)}
          />
        )}
      </Suspense>
    </Card>
  );
}
