import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { DEFAULT_PAGE_LIMIT, layoutResource, type ResourceRecord, sortKeysOf } from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { panelPath } from '../platform/app/paths.ts';
import { toast } from '../platform/app/toast.ts';
import { ListToolbar } from '../platform/lists/list-toolbar.tsx';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { ScreenCard } from '../platform/lists/screen-card.tsx';
import { ServerTable } from '../platform/lists/server-table.tsx';
import { usePaginatedList } from '../platform/lists/use-paginated-list.ts';
import { ColumnChooser } from '../platform/resources/column-chooser.tsx';
import { ExportButton } from '../platform/resources/export-button.tsx';
import { resourceColumns } from '../platform/resources/resource-columns.tsx';
import { ResourceFilters } from '../platform/resources/resource-filters.tsx';
import { columnChoicesOf, filterSpecOf } from '../platform/resources/resource-model.ts';
import { useGridColumns } from '../platform/resources/use-grid-columns.ts';
import { usePermissions } from '../platform/session/use-holder.ts';
import { LAYOUTS_KEY, layoutApi } from './layout-api.ts';

const ResourceHistoryDrawer = lazy(() =>
  import('../platform/resources/resource-history-drawer.tsx').then((module) => ({
    default: module.ResourceHistoryDrawer,
  })),
);

const NO_PINS: ReadonlySet<string> = new Set();
const PAGE_SIZES = [20, 50, 100, 200];
const FORM_ROUTE = 'cert/upsert';

/**
 * Certified layouts: every layout with the figures of its stones (count, carats, amount, discount,
 * price per carat, grade and size ranges), searched by number, name or a stone's stock or report #.
 * A layout opens in its own form, where its stones are chosen and repriced.
 */
export function LayoutListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const module = layoutResource.module;
  const [history, setHistory] = useState<ResourceRecord | null>(null);
  const filters = useMemo(() => filterSpecOf(layoutResource, NO_PINS), []);
  const sortKeys = useMemo(() => sortKeysOf(layoutResource), []);
  const defaults = useMemo(
    () => ({
      limit: DEFAULT_PAGE_LIMIT,
      sort: { key: layoutResource.defaultSort.field, direction: layoutResource.defaultSort.direction },
    }),
    [],
  );
  const list = usePaginatedList<ResourceRecord>({
    queryKey: [...LAYOUTS_KEY, 'list'],
    fetch: layoutApi.paginate,
    filters,
    sortKeys,
    defaults,
  });
  const columnDefaults = useMemo(() => columnChoicesOf(layoutResource, NO_PINS), []);
  const grid = useGridColumns(layoutResource.name, columnDefaults);

  const remove = useMutation({
    mutationFn: (record: ResourceRecord) => layoutApi.remove(record.id),
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      void queryClient.invalidateQueries({ queryKey: LAYOUTS_KEY });
    },
  });

  // The form shows a layout to whoever may read it, and lets them change only what they may: the row's
  // Edit for those who may change it, an Open in its menu for the others.
  const canUpdate = can(module, 'update');
  const columns = useMemo(() => {
    const formOf = (id: string) => `${FORM_ROUTE}/${encodeURIComponent(id)}`;
    return resourceColumns(layoutResource, grid.visible, {
      canToggle: false,
      onEdit: canUpdate ? (record) => void navigate(panelPath(formOf(record.id))) : undefined,
      onDelete: can(module, 'delete') ? remove.mutateAsync : undefined,
      onHistory: setHistory,
      childLinks: canUpdate ? [] : [{ label: 'Open', route: `${FORM_ROUTE}/:id?`, pathOf: formOf }],
      onOpenChild: (path) => void navigate(panelPath(path)),
    });
  }, [grid.visible, canUpdate, can, navigate, remove.mutateAsync]);

  return (
    <ScreenCard>
      <PageHeader
        title="Certified layouts"
        extra={
          can(module, 'insert') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate(panelPath(FORM_ROUTE))}
            >
              Add layout
            </Button>
          )
        }
      />
      <ListToolbar list={list} placeholder="Layout #, name, stock or report #">
        <ResourceFilters resource={layoutResource} filters={filters} list={list} />
        <span style={{ flex: 1 }} />
        <ColumnChooser choices={grid.choices} onChange={grid.setChoices} onReset={grid.reset} />
        <ExportButton
          onExport={(format) => {
            const { page: _page, limit: _limit, ...body } = list.body;
            return layoutApi.export(
              body,
              format,
              grid.visible.map((choice) => choice.key),
            );
          }}
        />
      </ListToolbar>
      <ServerTable<ResourceRecord>
        list={list}
        columns={columns}
        rowKey="id"
        emptyText="No layouts found"
        pageSizes={PAGE_SIZES}
      />
      <Suspense>
        {history !== null && (
          <ResourceHistoryDrawer
            resource={layoutResource}
            record={history}
            onClose={() => setHistory(null)}
          />
        )}
      </Suspense>
    </ScreenCard>
  );
}
