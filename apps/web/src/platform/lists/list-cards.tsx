import type { ColumnsType } from 'antd/es/table';
import { isValidElement, type Key, type ReactNode } from 'react';
import './list-cards.css';
import { EMPTY } from './format.ts';

/** The fields a card shows under its title: enough to tell records apart, few enough to scan. */
const CARD_FIELDS = 6;
/** Columns that are no data: the row's actions (shown in the card's corner) and a drag handle. */
const NOT_DATA = new Set(['actions', 'drag']);

type Column<T> = ColumnsType<T>[number];

function fieldOf<T>(record: T, column: Column<T>): unknown {
  const path = 'dataIndex' in column ? column.dataIndex : undefined;
  if (path === undefined || path === null) return undefined;
  const steps: readonly unknown[] = Array.isArray(path) ? path : [path];
  return steps.reduce<unknown>(
    (value, step) =>
      value && typeof value === 'object' ? (value as Record<string, unknown>)[String(step)] : undefined,
    record,
  );
}

/** A column's cell as the table draws it; a render answering `{children, props}` gives its children. */
function cellOf<T>(record: T, column: Column<T>, index: number): ReactNode {
  const value = fieldOf(record, column);
  const rendered = column.render ? column.render(value, record, index) : value;
  if (rendered && typeof rendered === 'object' && !isValidElement(rendered) && 'children' in rendered) {
    return (rendered as { children: ReactNode }).children;
  }
  if (rendered === undefined || rendered === null || rendered === '') return EMPTY;
  return rendered as ReactNode;
}

function labelOf<T>(column: Column<T>): ReactNode {
  return typeof column.title === 'function' ? null : column.title;
}

/**
 * A list's rows as cards, for a phone: the record's title, its first columns as label and value, and the
 * row's actions in the corner. Same columns as the table, so a list defines its cells once.
 */
export function ListCards<T extends object>({
  rows,
  columns,
  rowKey,
  cardTitle,
  cardTitleKey,
  emptyText,
  loading,
}: {
  rows: readonly T[];
  columns: ColumnsType<T>;
  rowKey: keyof T & string;
  cardTitle?: (record: T) => ReactNode;
  /** The column `cardTitle` shows: not repeated among the fields. */
  cardTitleKey?: string;
  emptyText: ReactNode;
  loading: boolean;
}) {
  const data = columns.filter((column) => !NOT_DATA.has(String(column.key ?? '')));
  const actions = columns.find((column) => column.key === 'actions');
  const [titleColumn, ...rest] = data;
  const fields = (cardTitle ? data.filter((column) => column.key !== cardTitleKey) : rest).slice(
    0,
    CARD_FIELDS,
  );
  if (rows.length === 0) return <div className="list-cards-empty">{emptyText}</div>;
  return (
    <ul className={`list-cards${loading ? ' list-cards-loading' : ''}`} aria-busy={loading}>
      {rows.map((record, index) => (
        <li key={String(record[rowKey] as Key)} className="list-card" data-row-key={String(record[rowKey])}>
          <div className="list-card-head">
            <div className="list-card-title">
              {cardTitle ? cardTitle(record) : titleColumn ? cellOf(record, titleColumn, index) : null}
            </div>
            {actions?.render && <div className="list-card-actions">{cellOf(record, actions, index)}</div>}
          </div>
          <dl className="list-card-fields">
            {fields.map((column) => (
              <div key={String(column.key)} className="list-card-field">
                <dt>{labelOf(column)}</dt>
                <dd>{cellOf(record, column, index)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
