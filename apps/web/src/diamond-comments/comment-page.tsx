import { DIAMOND_COMMENT_SORT_KEYS, type DiamondCommentRecord, field } from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { toast } from '../platform/app/toast.ts';
import { oneLineCells } from '../platform/lists/column-width.ts';
import { EMPTY, formatDateTime } from '../platform/lists/format.ts';
import { ListToolbar } from '../platform/lists/list-toolbar.tsx';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { ConfirmDelete, ROW_ACTIONS_WIDTH, RowActions } from '../platform/lists/row-actions.tsx';
import { ServerTable } from '../platform/lists/server-table.tsx';
import { usePaginatedList } from '../platform/lists/use-paginated-list.ts';
import { ReferenceSelect } from '../platform/resources/reference-select.tsx';
import { usePermissions } from '../platform/session/use-holder.ts';
import { StoneSelect } from '../stock/stone-select.tsx';
import { commentApi, commentsKey } from './comment-api.ts';

// DatePicker and dayjs load only when the list shows.
const DateRangeFilter = lazy(() =>
  import('../platform/resources/date-range-filter.tsx').then((module) => ({
    default: module.DateRangeFilter,
  })),
);

const FILTERS = { stoneId: 'string', accountId: 'string', createdAt: 'dateRange' } as const;
const DEFAULTS = { sort: { key: 'createdAt', direction: 'desc' } } as const;
const DATE_FILTER = field.date('Date', { filter: 'range' });

/** The colour a customer gave a comment, as a swatch with its code. */
function ColorSwatch({ color }: { color: string | null }) {
  if (!color) return EMPTY;
  return (
    <Flex gap={6} align="center">
      <span
        aria-hidden
        style={{ width: 14, height: 14, borderRadius: 3, background: color, border: '1px solid #d9d9d9' }}
      />
      <Typography.Text type="secondary">{color}</Typography.Text>
    </Flex>
  );
}

/**
 * Stock Summary → Comment: the remarks customers put on stones, newest first, by stone, company and
 * date; `comment/{userId}` shows one customer's. A comment can be removed (module Comment, delete).
 */
export function CommentPage() {
  const { id: userId } = useParams();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const fixedFilter = useMemo(() => (userId ? { userId } : undefined), [userId]);
  const list = usePaginatedList({
    queryKey: [...commentsKey, userId ?? 'all'],
    fetch: commentApi.byUser,
    filters: FILTERS,
    sortKeys: DIAMOND_COMMENT_SORT_KEYS,
    defaults: DEFAULTS,
    fixedFilter,
  });
  const { filter } = list.params;
  const remove = useMutation({
    mutationFn: (comment: DiamondCommentRecord) => commentApi.destroy(comment.id),
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      void queryClient.invalidateQueries({ queryKey: commentsKey });
    },
  });
  const canDelete = can('Comment', 'delete');

  const [deleting, setDeleting] = useState<DiamondCommentRecord | null>(null);

  // One line a comment: the remarks are cut, and read whole on hover.
  const columns = useMemo<ColumnsType<DiamondCommentRecord>>(
    () =>
      oneLineCells<DiamondCommentRecord>([
        ...(canDelete
          ? [
              {
                key: 'actions',
                title: 'Actions',
                fixed: 'start' as const,
                width: ROW_ACTIONS_WIDTH,
                render: (_: unknown, comment: DiamondCommentRecord) => (
                  <RowActions
                    items={[
                      { key: 'delete', label: 'Delete', danger: true, onClick: () => setDeleting(comment) },
                    ]}
                  />
                ),
              },
            ]
          : []),
        {
          key: 'createdAt',
          title: 'Date',
          width: 170,
          render: (_, comment) => formatDateTime(comment.createdAt),
        },
        {
          key: 'user',
          title: 'Customer',
          width: 220,
          render: (_, comment) => (
            <span title={`${comment.userName} (${comment.username})`}>
              {comment.userName} <Typography.Text type="secondary">{comment.username}</Typography.Text>
            </span>
          ),
        },
        {
          key: 'account',
          title: 'Company',
          width: 180,
          render: (_, comment) => comment.accountName ?? EMPTY,
        },
        { key: 'stockNumber', title: 'Stock #', dataIndex: 'stockNumber', width: 130 },
        { key: 'remarks', title: 'Remarks', dataIndex: 'remarks', width: 320 },
        {
          key: 'color',
          title: 'Colour',
          width: 90,
          render: (_, comment) => <ColorSwatch color={comment.color} />,
        },
      ]),
    [canDelete],
  );
  const customer = userId ? list.rows[0]?.userName : undefined;

  return (
    <Card>
      <PageHeader title={customer ? `Comments — ${customer}` : 'Comments'} />
      <ListToolbar list={list} placeholder="Search remarks, customer or stock #">
        <StoneSelect
          aria-label="Filter by stone"
          style={{ width: 300 }}
          value={typeof filter.stoneId === 'string' ? filter.stoneId : null}
          onChange={(value) => list.setFilter('stoneId', value ?? undefined)}
        />
        {(can('Account', 'view') || filter.accountId !== undefined) && (
          <ReferenceSelect
            resourceName="account"
            aria-label="Filter by company"
            placeholder="Company"
            style={{ minWidth: 200 }}
            value={typeof filter.accountId === 'string' ? filter.accountId : null}
            onChange={(value) => list.setFilter('accountId', value ?? undefined)}
          />
        )}
        <Suspense>
          <DateRangeFilter
            name="createdAt"
            spec={DATE_FILTER}
            value={filter.createdAt}
            onChange={(value) => list.setFilter('createdAt', value)}
          />
        </Suspense>
      </ListToolbar>
      <ServerTable list={list} columns={columns} rowKey="id" emptyText="No comments found" />
      {deleting && (
        <ConfirmDelete
          what="Comment on"
          name={deleting.stockNumber}
          onConfirm={() => remove.mutateAsync(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Card>
  );
}
