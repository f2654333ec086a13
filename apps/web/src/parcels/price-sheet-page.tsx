import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import HistoryOutlined from '@ant-design/icons/es/icons/HistoryOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Select, Space, Spin, Tooltip, Typography, Upload } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../platform/api/api-error.ts';
import { panelPath } from '../platform/app/paths.ts';
import { toast } from '../platform/app/toast.ts';
import { useUnsavedGuard } from '../platform/forms/use-unsaved-guard.ts';
import { formatDate, formatDateTime, formatNumber } from '../platform/lists/format.ts';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { usePermissions } from '../platform/session/use-holder.ts';
import { PARCEL_PRICE_REFS as P } from './parcel-refs.ts';
import { parcelsApi, parcelsKey, sheetDatesKey, sheetKey } from './parcels-api.ts';
import { type ActiveCell, PriceGrid } from './price-grid.tsx';
import type { HistoryCell } from './price-history-drawer.tsx';
import {
  applyPrices,
  buildGrid,
  countDirty,
  errorsByCell,
  invalidCells,
  NOT_A_PRICE,
  type PriceRow,
  sheetPrices,
} from './price-sheet-model.ts';

const PriceHistoryDrawer = lazy(() =>
  import('./price-history-drawer.tsx').then((module) => ({ default: module.PriceHistoryDrawer })),
);
const NewSheetDialog = lazy(() =>
  import('./new-sheet-dialog.tsx').then((module) => ({ default: module.NewSheetDialog })),
);

/** The edits of one date's sheet, kept until saved or discarded. */
interface Draft {
  date: string;
  rows: PriceRow[];
}

/** What the last save or import was told, shown above the grid. */
interface Notice {
  type: 'error' | 'info';
  title: string;
  lines: string[];
}

const NO_ERRORS: ReadonlyMap<string, string> = new Map();
const MAX_LINES = 20;

/** `D5: enter a price` reads as `D5: Enter a price`: each line of a list starts as a sentence. */
export const sentenceCase = (text: string) =>
  text.replace(
    /^([A-Z]{1,3}\d+: )?([a-z])/,
    (_, cell: string | undefined, first: string) => `${cell ?? ''}${first.toUpperCase()}`,
  );

/**
 * Masters → Parcel master: the melee price sheet of a date, sieve groups by quality bands, edited like a
 * spreadsheet and saved whole. A new date starts as a copy of the sheet before it; a file's prices fill
 * the grid to be checked before they are saved.
 */
export function PriceSheetPage() {
  const { canCall } = usePermissions();
  const queryClient = useQueryClient();
  const canEdit = canCall(P.upsert);
  const canImport = canCall(P.import);
  const [chosen, setChosen] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(NO_ERRORS);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [active, setActive] = useState<ActiveCell | null>(null);
  const [history, setHistory] = useState<HistoryCell | null>(null);
  const [starting, setStarting] = useState(false);
  const [busy, setBusy] = useState<'save' | 'import' | 'export' | null>(null);

  const dates = useQuery({ queryKey: sheetDatesKey, queryFn: parcelsApi.dates });
  const date = chosen ?? dates.data?.[0]?.date ?? null;
  const sheet = useQuery({
    queryKey: [...sheetKey, date],
    queryFn: () => parcelsApi.sheet(date as string),
    enabled: date !== null,
  });
  const data = sheet.data?.date === date ? sheet.data : undefined;
  const groups = data?.sieveGroups ?? [];
  const bands = data?.qualityBands ?? [];
  const grid = useMemo(
    () => (data ? buildGrid(data.sieveGroups, data.qualityBands, data.cells) : null),
    [data],
  );
  // A date without a sheet starts as a copy of the sheet before it, unsaved.
  const initialRows = useMemo(
    () => (grid && data ? (data.exists ? grid.saved : grid.previous).map((row) => ({ ...row })) : []),
    [grid, data],
  );
  const rows = draft && draft.date === date ? draft.rows : initialRows;
  // Changes are marked against what the user started from: the saved sheet, or a new sheet's copy.
  const saved = initialRows;
  const dirtyCount = grid ? countDirty(rows, saved, bands) : 0;
  const dirty = dirtyCount > 0;
  const isNew = data !== undefined && !data.exists;
  const invalid = invalidCells(rows, bands);
  const cellName = (row: number, bandId: string) =>
    `${groups[row]?.name ?? ''}, ${bands.find((band) => band.id === bandId)?.name ?? ''}`;
  const { confirmDiscard, contextHolder } = useUnsavedGuard(dirty);

  const reset = () => {
    setDraft(null);
    setErrors(NO_ERRORS);
    setNotice(null);
    setActive(null);
  };
  const openDate = (next: string) =>
    confirmDiscard(() => {
      reset();
      setChosen(next);
    });

  const save = async () => {
    if (!date || !data) return;
    if (invalid.length > 0) {
      // The warning above the grid names the cells; the save says why it did nothing.
      toast.error(
        `The sheet was not saved: ${invalid.length === 1 ? 'a cell holds' : `${formatNumber(invalid.length)} cells hold`} no price.`,
      );
      return;
    }
    const { prices, cells } = sheetPrices(groups, bands, rows);
    setBusy('save');
    try {
      const envelope = await parcelsApi.saveSheet({ date, prices });
      toast.success(envelope.message);
      await Promise.all([
        queryClient.refetchQueries({ queryKey: [...sheetKey, date] }),
        queryClient.invalidateQueries({ queryKey: parcelsKey }),
      ]);
      reset();
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The sheet was not saved.';
      const found = errorsByCell(error instanceof ApiError ? error.fieldErrors : [], cells);
      setErrors(found.cells);
      setNotice({
        type: 'error',
        title: found.cells.size > 0 ? `${message} The refused prices are outlined in red.` : message,
        lines: [
          ...[...found.cells].map(([key, text]) => {
            const [row, bandId] = key.split(':');
            return `${cellName(Number(row), bandId ?? '')}: ${text}`;
          }),
          ...found.other.filter((line) => line !== message),
        ],
      });
    } finally {
      setBusy(null);
    }
  };

  const importFile = async (file: File) => {
    if (!date || !data) return;
    setBusy('import');
    setErrors(NO_ERRORS);
    try {
      const envelope = await parcelsApi.importSheet(file);
      const applied = applyPrices(groups, bands, rows, envelope.data.cells);
      setDraft({ date, rows: applied.rows });
      setNotice({
        type: 'info',
        title:
          applied.changed === 0
            ? `${file.name} holds the prices the grid shows already.`
            : `${formatNumber(applied.changed)} ${applied.changed === 1 ? 'price' : 'prices'} changed from ${file.name}, marked in the grid. Nothing is saved until you save.`,
        lines:
          applied.unknown > 0
            ? [
                `${formatNumber(applied.unknown)} prices of the file are for sizes or qualities this sheet does not have.`,
              ]
            : [],
      });
    } catch (error) {
      // Each problem once: the envelope's message repeats its first field error.
      const problems = [
        ...new Set(
          (error instanceof ApiError ? error.fieldErrors : []).map((item) => sentenceCase(item.message)),
        ),
      ];
      const message = error instanceof Error ? sentenceCase(error.message) : 'The file could not be read.';
      setNotice({
        type: 'error',
        title:
          problems.length > 0
            ? `${file.name} was not imported: fix ${problems.length === 1 ? 'this problem' : 'these problems'} and import it again.`
            : message,
        lines: problems,
      });
    } finally {
      setBusy(null);
    }
  };

  const exportSheet = async () => {
    if (!date) return;
    setBusy('export');
    try {
      toast.success(`Downloaded ${await parcelsApi.exportSheet(date)}`);
    } catch {
      // The download helper has shown the server's message.
    } finally {
      setBusy(null);
    }
  };

  const activeGroup = active ? groups[active.row] : undefined;
  const activeBand = active ? bands.find((band) => band.id === active.bandId) : undefined;
  const dateOptions = [
    ...(data && !data.exists && date ? [{ value: date, label: `${formatDate(date)} (new, not saved)` }] : []),
    ...(dates.data ?? []).map((entry) => ({
      value: entry.date,
      label: formatDate(entry.date),
    })),
  ];
  const noSheets = dates.isSuccess && dates.data.length === 0 && chosen === null;

  return (
    <Card>
      {contextHolder}
      <PageHeader
        title="Parcel prices"
        extra={
          <>
            <Link to={panelPath('parcel-master/sieve-groups')}>Sieve groups</Link>
            <Link to={panelPath('parcel-master/quality-bands')}>Quality bands</Link>
          </>
        }
      />
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <Space wrap>
          <Select<string>
            aria-label="Sheet date"
            placeholder="Choose a date"
            style={{ width: 230 }}
            loading={dates.isPending}
            value={date ?? undefined}
            options={dateOptions}
            onChange={openDate}
          />
          {canEdit && (
            <Button icon={<PlusOutlined />} onClick={() => confirmDiscard(() => setStarting(true))}>
              Start a new sheet
            </Button>
          )}
          <Tooltip
            title={
              activeGroup && activeBand
                ? `${activeGroup.name}, ${activeBand.name}`
                : 'Choose a cell of the grid first.'
            }
          >
            <Button
              icon={<HistoryOutlined />}
              disabled={!activeGroup || !activeBand}
              onClick={() =>
                activeGroup &&
                activeBand &&
                setHistory({
                  sieveGroupId: activeGroup.id,
                  qualityBandId: activeBand.id,
                  name: `${activeGroup.name}, ${activeBand.name}`,
                })
              }
            >
              Price history
            </Button>
          </Tooltip>
        </Space>
        <Space wrap>
          <Tooltip title={data?.exists ? undefined : 'Save the sheet before you export it.'}>
            <Button
              icon={<DownloadOutlined />}
              loading={busy === 'export'}
              disabled={!data?.exists}
              onClick={() => void exportSheet()}
            >
              Export XLSX
            </Button>
          </Tooltip>
          {canImport && data && (
            <Upload
              accept=".xlsx"
              showUploadList={false}
              beforeUpload={(file) => {
                void importFile(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={busy === 'import'}>
                Import XLSX
              </Button>
            </Upload>
          )}
          {canEdit && data && (
            <>
              <Button disabled={!dirty || busy !== null} onClick={() => confirmDiscard(reset)}>
                Discard changes
              </Button>
              <Button
                type="primary"
                loading={busy === 'save'}
                disabled={!dirty && !isNew}
                onClick={() => void save()}
              >
                Save
              </Button>
            </>
          )}
        </Space>
      </Flex>
      {data && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          {data.exists
            ? `Sheet of ${formatDate(data.date)}${data.updatedAt ? `, last saved ${formatDateTime(data.updatedAt)}${data.updatedByName ? ` by ${data.updatedByName}` : ''}` : ''}.`
            : `New sheet for ${formatDate(data.date)}, copied from ${data.previousDate ? formatDate(data.previousDate) : 'no earlier sheet'}. This sheet is not saved yet: save it to keep it.`}{' '}
          {data.previousDate ? `Compared with ${formatDate(data.previousDate)}: ` : ''}
          <span className="parcel-legend parcel-legend-up" />
          up <span className="parcel-legend parcel-legend-down" />
          down <span className="parcel-legend parcel-legend-dirty" />
          {dirty ? `changed, not saved yet (${formatNumber(dirtyCount)})` : 'changed, not saved yet'}
          {!canEdit && '. You may read this sheet, not change it.'}
        </Typography.Paragraph>
      )}
      {invalid.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`Not a price: ${invalid
            .slice(0, 3)
            .map((cell) => `${cellName(cell.row, cell.bandId)} ("${cell.text}")`)
            .join(
              '; ',
            )}${invalid.length > 3 ? ` and ${formatNumber(invalid.length - 3)} more` : ''}. ${NOT_A_PRICE}`}
          style={{ marginBottom: 12 }}
        />
      )}
      {notice && (
        <Alert
          type={notice.type}
          showIcon
          closable={{ onClose: () => setNotice(null) }}
          title={notice.title}
          description={
            notice.lines.length > 0 ? (
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {notice.lines.slice(0, MAX_LINES).map((line) => (
                  <li key={line}>{line}</li>
                ))}
                {notice.lines.length > MAX_LINES && (
                  <li>And {formatNumber(notice.lines.length - MAX_LINES)} more.</li>
                )}
              </ul>
            ) : undefined
          }
          style={{ marginBottom: 12 }}
        />
      )}
      {noSheets ? (
        <Empty description="No price sheet yet.">
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setStarting(true)}>
              Start a new sheet
            </Button>
          )}
        </Empty>
      ) : !grid || !data ? (
        <Flex justify="center" style={{ padding: 48 }}>
          {sheet.isError || dates.isError ? (
            <Alert type="error" showIcon title="The price sheet could not be read." />
          ) : (
            <Spin />
          )}
        </Flex>
      ) : groups.length === 0 || bands.length === 0 ? (
        <Empty description="Add active sieve groups and quality bands to price them." />
      ) : (
        <PriceGrid
          groups={groups}
          bands={bands}
          rows={rows}
          saved={saved}
          previous={grid.previous}
          previousDate={data.previousDate}
          errors={errors}
          readOnly={!canEdit}
          onChange={(next) => date && setDraft({ date, rows: next })}
          onActiveCell={(cell) =>
            setActive((current) =>
              current?.row === cell.row && current.bandId === cell.bandId ? current : cell,
            )
          }
        />
      )}
      <Suspense>
        {history && <PriceHistoryDrawer cell={history} onClose={() => setHistory(null)} />}
        {starting && (
          <NewSheetDialog
            dates={(dates.data ?? []).map((entry) => entry.date)}
            onClose={() => setStarting(false)}
            onStart={(next) => {
              setStarting(false);
              reset();
              setChosen(next);
            }}
          />
        )}
      </Suspense>
    </Card>
  );
}
