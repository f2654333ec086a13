import { type ResourceRecord, referenceTitleKey, stoneResource } from '@facet/contract';
import { EMPTY, fieldText, formatDateTime } from '../platform/lists/format.ts';
import { type TotalsText, totalsOf, totalsText } from './stone-totals.ts';

/** A stone's field as plain text, for the printable list: titles for grades, labels for codes. */
export function stoneCellText(key: string, record: ResourceRecord): string {
  const spec = stoneResource.fields[key];
  const value = record[key];
  if (!spec) return typeof value === 'string' ? formatDateTime(value) : EMPTY;
  if (spec.kind === 'reference') return fieldText(spec, record[referenceTitleKey(key)]);
  return fieldText(spec, value);
}

export interface PrintableList {
  title: string;
  header: string[];
  rows: string[][];
  /** Which numbers are right-aligned, by column. */
  numeric: boolean[];
  totals: TotalsText;
}

const labelOf = (key: string) => stoneResource.fields[key]?.label ?? key;

/** The stones as the printable list shows them, with the columns the grid shows and their totals. */
export function printableList(
  title: string,
  columns: readonly string[],
  stones: ResourceRecord[],
): PrintableList {
  return {
    title,
    header: columns.map(labelOf),
    rows: stones.map((stone) => columns.map((key) => stoneCellText(key, stone))),
    numeric: columns.map((key) => {
      const kind = stoneResource.fields[key]?.kind;
      return kind === 'decimal' || kind === 'integer';
    }),
    totals: totalsText(totalsOf(stones)),
  };
}

const PRINT_CSS = `
  body { font: 11px/1.4 -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #000; margin: 16px; }
  h1 { font-size: 16px; margin: 0 0 4px; }
  p.totals { margin: 0 0 12px; }
  p.totals span { margin-right: 16px; }
  table { border-collapse: collapse; width: 100%; font: inherit; }
  th, td { border: 1px solid #999; padding: 2px 4px; text-align: left; white-space: nowrap; }
  th { background: #eee; }
  td.number { text-align: right; font-variant-numeric: tabular-nums; }
  thead { display: table-header-group; }
  tr { page-break-inside: avoid; }
  @page { size: landscape; margin: 10mm; }
`;

/**
 * Writes the list into a window opened beforehand (browsers allow a pop-up only in the click itself,
 * before the rows are fetched) and opens the print dialog. Built with DOM nodes and text, never markup
 * from the data.
 */
export function writePrintWindow(target: Window, list: PrintableList): void {
  const doc = target.document;
  doc.title = list.title;
  const style = doc.createElement('style');
  style.textContent = PRINT_CSS;
  doc.head.replaceChildren(style);
  const heading = doc.createElement('h1');
  heading.textContent = list.title;
  const totals = doc.createElement('p');
  totals.className = 'totals';
  for (const [label, text] of [
    ['Stones', list.totals.stones],
    ['Carats', list.totals.carats],
    ['Amount', list.totals.amount],
    ['Avg discount', list.totals.averageDiscount],
    ['Avg price/ct', list.totals.averagePricePerCarat],
  ] as const) {
    const item = doc.createElement('span');
    item.textContent = `${label}: ${text}`;
    totals.append(item);
  }
  const table = doc.createElement('table');
  const head = table.createTHead().insertRow();
  for (const label of list.header) {
    const cell = doc.createElement('th');
    cell.textContent = label;
    head.append(cell);
  }
  const body = table.createTBody();
  for (const row of list.rows) {
    const line = body.insertRow();
    row.forEach((text, index) => {
      const cell = line.insertCell();
      cell.textContent = text;
      if (list.numeric[index]) cell.className = 'number';
    });
  }
  doc.body.replaceChildren(heading, totals, table);
  target.focus();
  target.print();
}
