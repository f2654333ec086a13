import {
  CARAT_BRACKETS,
  endpointRef,
  type FieldSpec,
  MAX_PAGE_LIMIT,
  type ReportSpec,
} from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { Flex, Skeleton, theme } from 'antd';
import type { CSSProperties } from 'react';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../platform/api/api-client.ts';
import { panelPath } from '../platform/app/paths.ts';
import { formatNumber, formatPercent } from '../platform/lists/format.ts';
import type { FilterKind, RangeValue } from '../platform/lists/list-params.ts';
import { readListParams } from '../platform/lists/list-params.ts';
import { useMasterValues } from '../platform/resources/master-value-select.tsx';
import { PlainText } from '../platform/typography/plain-text.tsx';
import { defaultPeriod } from './report-page.tsx';

/** A cell of the colour by clarity matrix as both reports answer it: Four-C has stones, Search vs Sold sold. */
export interface MatrixCell {
  colorId: string;
  color: string;
  clarityId: string;
  clarity: string;
  searches: number;
  stones?: number;
  sold?: number;
  conversion?: number | null;
}

export interface SearchMatrixProps {
  spec: ReportSpec<MatrixCell>;
  /** What a cell sets against its searches. */
  measure: 'stock' | 'sold';
}

const counted = (count: number, one: string, many: string) =>
  `${formatNumber(count, 0)} ${count === 1 ? one : many}`;

/** How ReportPage keeps a report's filter in the address, by its field (the same rule). */
function kindOf(spec: FieldSpec): FilterKind {
  if (spec.kind === 'boolean') return 'boolean';
  if (spec.kind === 'integer' || spec.kind === 'decimal') return 'number';
  if (spec.kind === 'enum' && typeof spec.options?.[0]?.value === 'number') return 'number';
  return 'string';
}

/**
 * Every cell of the period and filters the screen's address holds, in one request: the table under the
 * matrix pages its rows, the matrix needs them all (a colour by clarity grid is a few hundred cells).
 */
function useAllCells(spec: ReportSpec<MatrixCell>) {
  const [searchParams] = useSearchParams();
  const body = useMemo(() => {
    const kinds = {
      period: 'dateRange' as const,
      ...Object.fromEntries(Object.entries(spec.filters).map(([key, field]) => [key, kindOf(field)])),
    };
    const { filter } = readListParams(searchParams, kinds, [], { limit: MAX_PAGE_LIMIT, sort: null });
    const { period, ...rest } = filter;
    const fallback = defaultPeriod(spec.defaultDays);
    const range = (period ?? {}) as RangeValue;
    return {
      page: 1,
      limit: MAX_PAGE_LIMIT,
      from: typeof range.from === 'string' ? range.from : fallback.from,
      to: typeof range.to === 'string' ? range.to : fallback.to,
      ...(Object.keys(rest).length > 0 ? { filter: rest } : {}),
    };
  }, [searchParams, spec]);
  const endpoint = useMemo(
    () => endpointRef('POST', spec.paginatePath, { module: spec.module, action: 'view' }),
    [spec],
  );
  const query = useQuery({
    queryKey: ['report', spec.paginatePath, 'matrix', body],
    queryFn: () =>
      call(endpoint, body as never, { toastErrors: false }).then(
        (envelope) => (envelope.data as unknown as { list: MatrixCell[] }).list,
      ),
  });
  return {
    cells: query.data,
    loading: query.isPending,
    filter: (body.filter ?? {}) as Record<string, unknown>,
  };
}

/** The axis in the masters' order, with any value the answer names that the masters no longer list. */
function axisOf(
  masters: readonly { id: string; name: string }[] | undefined,
  cells: readonly MatrixCell[],
  key: 'color' | 'clarity',
): { id: string; name: string }[] {
  const axis = (masters ?? []).map((value) => ({ id: value.id, name: value.name }));
  const known = new Set(axis.map((value) => value.id));
  for (const cell of cells) {
    const id = key === 'color' ? cell.colorId : cell.clarityId;
    if (!known.has(id)) {
      known.add(id);
      axis.push({ id, name: key === 'color' ? cell.color : cell.clarity });
    }
  }
  return axis;
}

/**
 * The colour by clarity matrix of a search report: rows colours and columns clarities in the masters'
 * order, each cell with its figures written out (the shade only repeats the searches, for the eye), a
 * searched cell without stock marked in words and by a border (stock to buy), and a click, or Enter, on
 * a cell opening the stock list filtered to its shape, carat bracket, colour and clarity.
 */
export function SearchMatrix({ spec, measure }: SearchMatrixProps) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { cells, loading, filter } = useAllCells(spec);
  const colors = useMasterValues('COLOR');
  const clarities = useMasterValues('CLARITY');

  const byCell = useMemo(
    () => new Map((cells ?? []).map((cell) => [`${cell.colorId}:${cell.clarityId}`, cell])),
    [cells],
  );
  const rows = useMemo(() => axisOf(colors.data, cells ?? [], 'color'), [colors.data, cells]);
  const columns = useMemo(() => axisOf(clarities.data, cells ?? [], 'clarity'), [clarities.data, cells]);
  const most = Math.max(1, ...(cells ?? []).map((cell) => cell.searches));

  if (loading || colors.isPending || clarities.isPending) {
    return <Skeleton active paragraph={{ rows: 6 }} />;
  }
  if (!cells || cells.length === 0 || rows.length === 0 || columns.length === 0) return null;

  const shapeId = typeof filter.shapeId === 'string' ? filter.shapeId : undefined;
  const bracket = CARAT_BRACKETS.find((candidate) => candidate.index === Number(filter.caratBracket));
  const openStock = (colorId: string, clarityId: string) => {
    const address = new URLSearchParams();
    if (shapeId) address.append('shapeId', shapeId);
    address.append('colorId', colorId);
    address.append('clarityId', clarityId);
    if (bracket) address.set('carat', `${bracket.from}~${bracket.to}`);
    navigate(`${panelPath('stock')}?${address.toString()}`);
  };

  const border = `1px solid ${token.colorBorderSecondary}`;
  const cellStyle: CSSProperties = {
    border,
    padding: '4px 6px',
    textAlign: 'right',
    minWidth: 64,
    verticalAlign: 'top',
    lineHeight: 1.3,
  };
  // The whole cell is the button: a click or Enter anywhere in it opens the stock list.
  const buttonStyle: CSSProperties = {
    // Not `all: unset`, which would take the keyboard focus ring with it.
    border: 'none',
    background: 'transparent',
    color: 'inherit',
    font: 'inherit',
    boxSizing: 'border-box',
    display: 'block',
    width: '100%',
    padding: '4px 6px',
    cursor: 'pointer',
    textAlign: 'right',
  };
  const headStyle: CSSProperties = {
    ...cellStyle,
    background: token.colorFillAlter,
    fontWeight: token.fontWeightStrong,
    textAlign: 'center',
  };
  const what = measure === 'stock' ? 'stones in stock' : 'stones sold and the conversion';
  const caption = `Searches and ${what} by colour (rows) and clarity (columns). Choose a cell to open the stock list filtered to it.`;

  return (
    <section aria-label="Colour by clarity" style={{ marginBottom: 16 }}>
      <Flex justify="space-between" align="baseline" wrap gap={8} style={{ marginBottom: 8 }}>
        <PlainText strong>Colour by clarity</PlainText>
        <PlainText type="secondary">
          {measure === 'stock'
            ? 'Each cell: searches / stones in stock. Darker: searched more. Outlined "No stock": searched, nothing to sell.'
            : 'Each cell: searches / stones sold, then sold per hundred searches. Darker: searched more.'}
        </PlainText>
      </Flex>
      <div style={{ overflowX: 'auto' }}>
        <table style={{ borderCollapse: 'collapse', fontSize: token.fontSizeSM, color: token.colorText }}>
          <caption
            style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            {caption}
          </caption>
          <thead>
            <tr>
              <th scope="col" style={headStyle}>
                Colour \ Clarity
              </th>
              {columns.map((clarity) => (
                <th key={clarity.id} scope="col" style={headStyle}>
                  {clarity.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((color) => (
              <tr key={color.id}>
                <th scope="row" style={headStyle}>
                  {color.name}
                </th>
                {columns.map((clarity) => {
                  const cell = byCell.get(`${color.id}:${clarity.id}`);
                  const searches = cell?.searches ?? 0;
                  const other = measure === 'stock' ? (cell?.stones ?? 0) : (cell?.sold ?? 0);
                  const toBuy = measure === 'stock' && searches > 0 && other === 0;
                  // The shade grows with the searches but stays light enough for the theme's text.
                  const share = searches === 0 ? 0 : 0.08 + 0.32 * (searches / most);
                  const label =
                    measure === 'stock'
                      ? `${color.name} ${clarity.name}: ${counted(searches, 'search', 'searches')}, ${formatNumber(other, 0)} in stock${toBuy ? ', stock to buy' : ''}`
                      : `${color.name} ${clarity.name}: ${counted(searches, 'search', 'searches')}, ${formatNumber(other, 0)} sold, conversion ${cell?.conversion == null ? 'none' : formatPercent(cell.conversion)}`;
                  return (
                    <td
                      key={clarity.id}
                      style={{
                        ...cellStyle,
                        padding: 0,
                        background:
                          share === 0
                            ? undefined
                            : `color-mix(in srgb, ${token.colorPrimary} ${Math.round(share * 100)}%, transparent)`,
                        outline: toBuy ? `2px solid ${token.colorError}` : undefined,
                        outlineOffset: -2,
                      }}
                    >
                      <button
                        type="button"
                        aria-label={label}
                        title={label}
                        onClick={() => openStock(color.id, clarity.id)}
                        style={buttonStyle}
                      >
                        <div>
                          {formatNumber(searches, 0)} / {formatNumber(other, 0)}
                        </div>
                        {toBuy && (
                          <div style={{ color: token.colorErrorText, fontWeight: token.fontWeightStrong }}>
                            No stock
                          </div>
                        )}
                        {measure === 'sold' && cell?.conversion != null && (
                          <div style={{ color: token.colorTextSecondary }}>
                            {formatPercent(cell.conversion)}
                          </div>
                        )}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
