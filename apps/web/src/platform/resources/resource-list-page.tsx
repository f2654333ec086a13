import { PANEL_ROUTES } from 'virtual:panel-manifest';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import {
  DEFAULT_PAGE_LIMIT,
  itemNameOf,
  type PaginateResult,
  type ResourceRecord,
  type ResourceSpec,
  type ResourceView,
  sortKeysOf,
  viewModuleOf,
} from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, type TableProps } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { panelPath } from '../app/paths.ts';
import { toast } from '../app/toast.ts';
import { scrollWidthOf } from '../lists/column-width.ts';
import { EMPTY } from '../lists/format.ts';
import { ListToolbar } from '../lists/list-toolbar.tsx';
import { PageHeader } from '../lists/page-header.tsx';
import { PhoneFilters } from '../lists/phone-filters.tsx';
import { ScreenCard } from '../lists/screen-card.tsx';
import { ServerTable } from '../lists/server-table.tsx';
import { usePaginatedList } from '../lists/use-paginated-list.ts';
import { useWebModules } from '../modules/web-modules-context.tsx';
import { usePermissions } from '../session/use-holder.ts';
import { ColumnChooser } from './column-chooser.tsx';
import { DragHandle } from './drag-handle.tsx';
import { ExportButton } from './export-button.tsx';
import { useReferenceTitle } from './reference-select.tsx';
import { resequence } from './resequence.ts';
import { resourceApi, resourceKey } from './resource-api.ts';
import { RESOURCE_CATALOGUE, RESOURCE_CATALOGUE_BY_NAME } from './resource-catalogue.ts';
import { resourceColumns } from './resource-columns.tsx';
import { ResourceFilters } from './resource-filters.tsx';
import {
  childLinksOf,
  columnChoicesOf,
  filterSpecOf,
  pinnedReferenceOf,
  pinnedValuesOf,
  recordTitleOf,
  referenceTitleOf,
} from './resource-model.ts';
import { useGridColumns } from './use-grid-columns.ts';

// The form (contract schemas, DatePicker) and the history load when first opened.
const ResourceFormDrawer = lazy(() =>
  import('./resource-form-drawer.tsx').then((module) => ({ default: module.ResourceFormDrawer })),
);
const ResourceHistoryDrawer = lazy(() =>
  import('./resource-history-drawer.tsx').then((module) => ({ default: module.ResourceHistoryDrawer })),
);
// dnd-kit loads once the list can be reordered; until then the rows and their handles are drawn as they are.
const SortableRows = lazy(() =>
  import('./sortable-rows.tsx').then((module) => ({ default: module.SortableRows })),
);

const PAGE_SIZES = [20, 50, 100, 200, 500];
/** From this page size on, rows render virtually (only those in view are in the DOM). */
const VIRTUAL_FROM = 200;

/** The list screen of any resource view: filters, sort and page in the URL, columns per user, actions. */
export function ResourceListPage({ resource, view }: { resource: ResourceSpec; view: ResourceView }) {
  const routeParams = useParams();
  const navigate = useNavigate();
  const { rowActions } = useWebModules();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const api = useMemo(() => resourceApi(resource), [resource]);
  const [editing, setEditing] = useState<ResourceRecord | 'new' | null>(null);
  const [history, setHistory] = useState<ResourceRecord | null>(null);

  const paramsKey = JSON.stringify(routeParams);
  // biome-ignore lint/correctness/useExhaustiveDependencies: paramsKey stands for the route params.
  const pinned = useMemo(() => pinnedValuesOf(view, routeParams), [view, paramsKey]);
  const pinnedKey = Object.keys(pinned).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: pinnedKey stands for the pinned fields.
  const pinnedFields = useMemo(() => new Set(Object.keys(pinned)), [pinnedKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: pinnedFields follows pinnedKey.
  const filters = useMemo(() => filterSpecOf(resource, pinnedFields), [resource, pinnedKey]);
  const sortKeys = useMemo(() => sortKeysOf(resource), [resource]);
  const defaults = useMemo(
    () => ({
      limit: DEFAULT_PAGE_LIMIT,
      sort: { key: resource.defaultSort.field, direction: resource.defaultSort.direction },
    }),
    [resource],
  );
  const list = usePaginatedList({
    queryKey: [...resourceKey(resource.name), 'list'],
    fetch: api.paginate,
    filters,
    sortKeys,
    defaults,
    fixedFilter: pinned,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: pinnedFields follows pinnedKey.
  const columnDefaults = useMemo(
    () => columnChoicesOf(resource, pinnedFields, RESOURCE_CATALOGUE_BY_NAME),
    [resource, pinnedKey],
  );
  const grid = useGridColumns(resource.name, columnDefaults);
  const parent = pinnedReferenceOf(resource, pinned);
  // The rows carry their parent's title: a user reaching the values only cannot read the parent itself.
  const firstRow = list.rows[0];
  const parentTitle = useReferenceTitle(
    parent?.references ?? '',
    parent?.id,
    parent && firstRow?.[parent.key] === parent.id
      ? referenceTitleOf(firstRow, parent.key, resource.titleField)
      : undefined,
  );

  const remove = useMutation({
    mutationFn: (record: ResourceRecord) => api.remove(record.id),
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      void queryClient.invalidateQueries({ queryKey: resourceKey(resource.name) });
    },
  });

  const sequenceField = resource.sequenceField;
  const virtual = list.params.limit >= VIRTUAL_FROM;
  const canUpdate = can(viewModuleOf(resource, view), 'update');
  const reorderable =
    sequenceField !== undefined &&
    canUpdate &&
    !virtual &&
    list.params.sort?.key === sequenceField &&
    list.params.sort.direction === 'asc';

  const reorder = useMutation({
    mutationFn: api.bulkSequence,
    onSuccess: (envelope) => toast.success(envelope.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKey(resource.name) }),
  });
  const onMove = (from: number, to: number) => {
    if (!sequenceField) return;
    const { rows, changes } = resequence(list.rows, from, to, (row) => Number(row[sequenceField]) || 0);
    if (changes.length === 0) return;
    const bySequence = new Map(changes.map((change) => [change.id, change.sequence]));
    const previous = queryClient.getQueryData<PaginateResult<ResourceRecord>>(list.pageKey);
    // The rows move at once; a refusal puts them back.
    queryClient.setQueryData<PaginateResult<ResourceRecord>>(
      list.pageKey,
      (current) =>
        current && {
          ...current,
          list: rows.map((row) =>
            bySequence.has(row.id) ? { ...row, [sequenceField]: bySequence.get(row.id) } : row,
          ),
        },
    );
    reorder.mutate(changes, { onError: () => queryClient.setQueryData(list.pageKey, previous) });
  };

  const columns = useMemo(
    () =>
      resourceColumns(
        resource,
        grid.visible,
        {
          canToggle: canUpdate,
          onEdit: resource.operations.update && canUpdate ? setEditing : undefined,
          onDelete:
            resource.operations.delete && can(viewModuleOf(resource, view), 'delete')
              ? remove.mutateAsync
              : undefined,
          onHistory: setHistory,
          // A link to a screen the user may not open (Values without Sub Masters) is left out.
          childLinks: childLinksOf(resource, view, RESOURCE_CATALOGUE).filter((link) => {
            const route = PANEL_ROUTES.find((candidate) => candidate.path === link.route);
            return !route?.module || can(route.module, route.action);
          }),
          onOpenChild: (path) => void navigate(panelPath(path)),
          Extra: rowActions.get(resource.name),
        },
        reorderable
          ? {
              key: 'drag',
              width: 48,
              render: (_, record) => <DragHandle title={recordTitleOf(resource, record)} />,
            }
          : undefined,
      ),
    [resource, view, grid.visible, canUpdate, can, remove.mutateAsync, navigate, reorderable, rowActions],
  );

  const title = parent ? `${view.title}${parentTitle ? ` — ${parentTitle}` : ''}` : view.title;
  const table = (components?: TableProps<ResourceRecord>['components']) => (
    <ServerTable<ResourceRecord>
      list={list}
      columns={columns}
      rowKey="id"
      emptyText={`No ${resource.title.toLowerCase()} records found`}
      cardTitle={(record) => recordTitleOf(resource, record) || EMPTY}
      cardTitleKey={resource.titleField}
      pageSizes={PAGE_SIZES}
      tableProps={
        virtual
          ? { virtual: true, scroll: { x: scrollWidthOf(columns), y: 640 } }
          : components
            ? { components }
            : undefined
      }
    />
  );

  return (
    <ScreenCard>
      <PageHeader
        title={title}
        extra={
          resource.operations.create &&
          can(viewModuleOf(resource, view), 'insert') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              Add {itemNameOf(resource, view)}
            </Button>
          )
        }
      />
      <ListToolbar
        list={list}
        placeholder="Search"
        searchable={Object.values(resource.fields).some((spec) => spec.search)}
      >
        <PhoneFilters
          count={Object.keys(filters).length}
          active={Object.keys(filters).filter((key) => list.params.filter[key] !== undefined).length}
        >
          <ResourceFilters resource={resource} filters={filters} list={list} />
        </PhoneFilters>
        <span style={{ flex: 1 }} />
        <ColumnChooser choices={grid.choices} onChange={grid.setChoices} onReset={grid.reset} />
        {resource.operations.export && (
          <ExportButton
            onExport={(format) => {
              const { page: _page, limit: _limit, ...body } = list.body;
              return api.export(
                body,
                format,
                grid.visible.map((choice) => choice.key),
              );
            }}
          />
        )}
      </ListToolbar>
      {reorderable ? (
        <Suspense fallback={table()}>
          <SortableRows ids={list.rows.map((row) => row.id)} onMove={onMove} render={table} />
        </Suspense>
      ) : (
        table()
      )}
      <Suspense>
        {editing !== null && (
          <ResourceFormDrawer
            resource={resource}
            pinned={pinned}
            target={editing}
            onClose={() => setEditing(null)}
            required={view.notNull}
          />
        )}
        {history !== null && (
          <ResourceHistoryDrawer resource={resource} record={history} onClose={() => setHistory(null)} />
        )}
      </Suspense>
    </ScreenCard>
  );
}
