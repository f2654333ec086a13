import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { MAX_FILTER_IDS, MAX_PAGE_LIMIT, type ResourceRecord, stoneResource } from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { type Key, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../platform/app/toast.ts';
import { SearchInput } from '../platform/forms/inputs.ts';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { PhoneFilters } from '../platform/lists/phone-filters.tsx';
import { ScreenCard } from '../platform/lists/screen-card.tsx';
import { ColumnChooser } from '../platform/resources/column-chooser.tsx';
import { resourceKey } from '../platform/resources/resource-api.ts';
import { columnChoicesOf } from '../platform/resources/resource-model.ts';
import { useGridColumns } from '../platform/resources/use-grid-columns.ts';
import { usePermissions } from '../platform/session/use-holder.ts';
import { stoneApi } from './stock-api.ts';
import { type ExportAction, StockExportMenu } from './stock-export-menu.tsx';
import { StoneGrid } from './stone-grid.tsx';
import { StoneSearchForm } from './stone-search-form.tsx';
import { TOTALLED_FIELDS, totalsOf } from './stone-totals.ts';
import { TotalsBar } from './totals-bar.tsx';
import { useStoneSearch } from './use-stone-search.ts';
import './stock.css';

// The drawers (the form with its schemas, the history, the stone) load when first opened.
const ResourceFormDrawer = lazy(() =>
  import('../platform/resources/resource-form-drawer.tsx').then((module) => ({
    default: module.ResourceFormDrawer,
  })),
);
const ResourceHistoryDrawer = lazy(() =>
  import('../platform/resources/resource-history-drawer.tsx').then((module) => ({
    default: module.ResourceHistoryDrawer,
  })),
);
const StoneDetailDrawer = lazy(() =>
  import('./stone-detail-drawer.tsx').then((module) => ({ default: module.StoneDetailDrawer })),
);

/** The stock number is the grid's first column whatever the user chooses. */
const ALWAYS_SHOWN = new Set(['stockNumber']);
/** Most stones a printable list holds; past that an export is the better tool. */
const PRINT_LIMIT = 5000;
const NO_PINS = {};

/** Stock Master: search the stones, read the totals, select, open, export and print them. */
export function StockPage() {
  const columnDefaults = useMemo(() => columnChoicesOf(stoneResource, ALWAYS_SHOWN), []);
  const grid = useGridColumns(stoneResource.name, columnDefaults);
  // The rows carry what the grid shows, not the stone's hundred fields; opening or editing a stone
  // reads it whole.
  const rowColumns = useMemo(
    () => [...new Set(['stockNumber', ...TOTALLED_FIELDS, ...grid.visible.map((choice) => choice.key)])],
    [grid.visible],
  );
  const search = useStoneSearch(rowColumns, grid.settled);
  const resultsTop = useRef<HTMLDivElement>(null);
  // A search from the long form brings its stones into view when they start below the screen.
  const applySearch: typeof search.apply = (filter) => {
    search.apply(filter);
    const top = resultsTop.current;
    if (top && top.getBoundingClientRect().top > window.innerHeight - 120) {
      top.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  };
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const module = stoneResource.module;
  const [selected, setSelected] = useState<ReadonlyMap<string, ResourceRecord>>(new Map());
  const [opened, setOpened] = useState<ResourceRecord | null>(null);
  const [editing, setEditing] = useState<ResourceRecord | 'new' | null>(null);
  const [history, setHistory] = useState<ResourceRecord | null>(null);
  const [quickSearch, setQuickSearch] = useState(search.params.search);
  useEffect(() => setQuickSearch(search.params.search), [search.params.search]);

  // A selected stone shown again (after an edit, or on another visit of its page) counts as it is now.
  useEffect(() => {
    setSelected((current) => {
      if (current.size === 0) return current;
      let changed = false;
      const next = new Map(current);
      for (const row of search.rows) {
        if (next.has(row.id) && next.get(row.id) !== row) {
          next.set(row.id, row);
          changed = true;
        }
      }
      return changed ? next : current;
    });
  }, [search.rows]);

  const onSelect = useCallback((keys: Key[], rows: ResourceRecord[]) => {
    setSelected((current) => {
      const byId = new Map(rows.filter(Boolean).map((row) => [row.id, row]));
      const next = new Map<string, ResourceRecord>();
      for (const key of keys) {
        const row = byId.get(String(key)) ?? current.get(String(key));
        if (row) next.set(row.id, row);
      }
      return next;
    });
  }, []);

  const remove = useMutation({
    mutationFn: (stone: ResourceRecord) => stoneApi.remove(stone.id),
    onSuccess: (envelope, stone) => {
      toast.success(envelope.message);
      setSelected((current) => {
        const next = new Map(current);
        next.delete(stone.id);
        return next;
      });
      void queryClient.invalidateQueries({ queryKey: resourceKey(stoneResource.name) });
    },
  });

  const canUpdate = can(module, 'update');
  const editWhole = useCallback(
    (stone: ResourceRecord) =>
      void stoneApi
        .get(stone.id)
        .then(setEditing, (error: unknown) =>
          toast.error(error instanceof Error ? error.message : 'The stone could not be read.'),
        ),
    [],
  );
  const onEdit = stoneResource.operations.update && canUpdate ? editWhole : undefined;
  const selection = useMemo(() => [...selected.values()], [selected]);
  const selectionTotals = useMemo(() => totalsOf(selection), [selection]);
  // Columns of the files and the print: the stock number, then the grid's, in its order.
  const columns = useMemo(
    () => [
      'stockNumber',
      ...grid.visible.map((choice) => choice.key).filter((key) => key in stoneResource.fields),
    ],
    [grid.visible],
  );

  const resultRows = async (): Promise<ResourceRecord[]> => {
    const { page: _page, limit: _limit, ...body } = search.body;
    const rows: ResourceRecord[] = [];
    for (let page = 1; rows.length < Math.min(search.count, PRINT_LIMIT); page += 1) {
      const result = await stoneApi.search({ ...body, page, limit: MAX_PAGE_LIMIT });
      rows.push(...result.list);
      if (result.list.length < MAX_PAGE_LIMIT) break;
    }
    return rows.slice(0, PRINT_LIMIT);
  };

  const onExport = async (action: ExportAction): Promise<string | undefined> => {
    const bySelection = selection.length > 0;
    if (action === 'print') {
      // Opened in the click itself, or the browser blocks it as a pop-up.
      const target = window.open('', '_blank');
      if (!target) {
        toast.error('Allow pop-ups for this site to print the list.');
        return undefined;
      }
      target.document.title = 'Preparing the list…';
      try {
        // The printable page's writer loads with the first print, not with the screen.
        const [rows, { printableList, writePrintWindow }] = await Promise.all([
          bySelection ? selection : resultRows(),
          import('./print-stones.ts'),
        ]);
        const title = `Stock — ${rows.length} stone${rows.length === 1 ? '' : 's'}${
          !bySelection && search.count > rows.length ? ` (first ${rows.length} of ${search.count})` : ''
        }`;
        writePrintWindow(target, printableList(title, columns, rows));
      } catch (error) {
        target.close();
        throw error;
      }
      return undefined;
    }
    const { page: _page, limit: _limit, ...body } = search.body;
    if (!bySelection) return stoneApi.export(body, action, columns);
    if (selection.length > MAX_FILTER_IDS) {
      toast.error(`Select at most ${MAX_FILTER_IDS} stones to export them, or export the whole result.`);
      return undefined;
    }
    // The selection travels as its stones' ids: exactly those stones, whatever their numbers.
    return stoneApi.export(
      { filter: { id: selection.map((stone) => stone.id) }, ...(body.sort ? { sort: body.sort } : {}) },
      action,
      columns,
    );
  };

  return (
    <Flex vertical gap={16}>
      <ScreenCard>
        <PageHeader
          title="Stock"
          extra={
            stoneResource.operations.create &&
            can(module, 'insert') && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                Add {stoneResource.title}
              </Button>
            )
          }
        />
        {/* On a phone the search folds away under "Filters", so the stones come first. */}
        <PhoneFilters count={Number.POSITIVE_INFINITY} active={Object.keys(search.params.filter).length}>
          <StoneSearchForm applied={search.params.filter} onSearch={applySearch} onReset={search.reset} />
        </PhoneFilters>
      </ScreenCard>
      <div ref={resultsTop} style={{ scrollMarginTop: 72 }} />
      <ScreenCard>
        <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
          <SearchInput
            allowClear
            aria-label="Search stones"
            placeholder="Search stock, report or pair #"
            value={quickSearch}
            onChange={(event) => setQuickSearch(event.target.value)}
            onSearch={(value) => search.setSearch(value)}
            style={{ width: 300 }}
          />
          <span style={{ flex: 1 }} />
          <ColumnChooser choices={grid.choices} onChange={grid.setChoices} onReset={grid.reset} />
          <StockExportMenu selected={selection.length} total={search.count} onExport={onExport} />
        </Flex>
        <Flex vertical gap={0} style={{ marginBottom: 12 }}>
          {search.totals && (
            <TotalsBar title="Result" totals={search.totals} estimated={search.estimated === true} />
          )}
          {selection.length > 0 && (
            <TotalsBar title="Selected" totals={selectionTotals} onClear={() => setSelected(new Map())} />
          )}
        </Flex>
        <StoneGrid
          search={search}
          visible={grid.visible}
          selectedKeys={[...selected.keys()]}
          onSelect={onSelect}
          onOpen={setOpened}
          onEdit={onEdit}
          onHistory={setHistory}
          canToggle={canUpdate}
        />
      </ScreenCard>
      <Suspense>
        {opened !== null && (
          <StoneDetailDrawer
            stone={opened}
            onClose={() => setOpened(null)}
            onEdit={onEdit}
            onDelete={
              stoneResource.operations.delete && can(module, 'delete') ? remove.mutateAsync : undefined
            }
            onHistory={setHistory}
          />
        )}
        {editing !== null && (
          <ResourceFormDrawer
            resource={stoneResource}
            pinned={NO_PINS}
            target={editing}
            onClose={() => setEditing(null)}
          />
        )}
        {history !== null && (
          <ResourceHistoryDrawer resource={stoneResource} record={history} onClose={() => setHistory(null)} />
        )}
      </Suspense>
    </Flex>
  );
}
