import type { ColumnsType } from 'antd/es/table';

/** Roughly the width of one character of the table's 14px header font, a little generous. */
const CHARACTER = 8;
/** The cell's padding, a sort arrow and a filter icon beside the title. */
const HEADER_EXTRA = 44;
/** A column declared without a width is given this much when the table's width is counted. */
const DEFAULT_WIDTH = 160;

/** The width a header's text takes on one line, so a narrow column never breaks it mid-word. */
export function headerWidth(label: string): number {
  return label.length * CHARACTER + HEADER_EXTRA;
}

/**
 * The table's scroll width: the sum of its columns' widths. Given less, antd squeezes the columns under
 * the fixed actions column, which then covers the data; given the sum, the table scrolls instead.
 */
export function scrollWidthOf<T>(columns: ColumnsType<T>): number {
  return columns.reduce((sum, column) => {
    const width = typeof column.width === 'number' ? column.width : Number.parseFloat(String(column.width));
    return sum + (Number.isFinite(width) ? width : DEFAULT_WIDTH);
  }, 0);
}

/**
 * Every data cell on one line: a text too long for its column is cut with an ellipsis and shown whole
 * on hover (its title), rather than broken across lines. The actions keep their own layout.
 */
export function oneLineCells<T>(columns: ColumnsType<T>): ColumnsType<T> {
  return columns.map((column) => (column.key === 'actions' ? column : { ...column, ellipsis: true }));
}
