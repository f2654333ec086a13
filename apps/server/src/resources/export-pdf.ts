import { PassThrough } from 'node:stream';
import {
  type DisplayZone,
  type FieldSpec,
  fieldText,
  formatDateTime,
  formatNumber,
  type ResourceSpec,
} from '@facet/contract';
import { drained, type ExportColumn, type SheetWriter, textOf } from './export-file.ts';
import { drawPdfChart, type PdfChart } from './export-pdf-chart.ts';

/** A figure printed above the table: the count and the declared totals of the whole list. */
export interface PdfSummaryLine {
  label: string;
  text: string;
}

/** `averagePricePerCarat` → `Average price per carat`. */
const labelOfKey = (key: string) => {
  const words = key.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * What the first page says of the whole list: its count, then each declared total (a count once), each
 * written as the field it reads is (a sum of amounts is money, a mean of discounts a percentage).
 */
export function summaryLines(
  resource: ResourceSpec,
  count: number,
  totals: Readonly<Record<string, number | null>> = {},
): PdfSummaryLine[] {
  const declared = Object.entries(resource.totals ?? {});
  const lines: PdfSummaryLine[] = declared.some(([, total]) => 'count' in total)
    ? []
    : [{ label: 'Rows', text: formatNumber(count, 0) }];
  for (const [key, total] of declared) {
    const read =
      'count' in total
        ? undefined
        : 'sum' in total
          ? total.sum
          : 'average' in total
            ? total.average
            : total.ratio;
    const spec = read === undefined ? undefined : resource.fields[read];
    const value = totals[key];
    lines.push({
      label: labelOfKey(key),
      text: spec ? fieldText({ ...spec, scale: spec.scale ?? 2 }, value) : formatNumber(value, 0),
    });
  }
  return lines;
}

export interface PdfListOptions {
  title: string;
  /** When the list was taken, printed under the title in the reader's zone. */
  at: Date;
  zone: DisplayZone;
  columns: readonly ExportColumn[];
  summary: readonly PdfSummaryLine[];
  /** A line under the title: a report's period. */
  subtitle?: string;
  /** A report's chart, drawn on the first page above the table. */
  chart?: PdfChart;
}

/** The height a chart takes on the first page: some two fifths of it, the table below. */
const CHART_HEIGHT = 220;

// A4 landscape, in points; 10 mm margins as the printed list of the stock screen has.
const PAGE = { width: 841.89, height: 595.28, margin: 28 };
/** The table's type size, and the least it shrinks to for many columns. */
const FONT_SIZE = 7;
const LEAST_FONT_SIZE = 5;
/** A row's height per point of type. */
const LEADING = 1.6;
const CELL_PADDING = 3;
const HEADER_FILL = '#e8e8e8';
const STRIPE_FILL = '#f6f6f6';
const RULE = '#bbbbbb';

/**
 * A value as wide as most of a column's values, by its kind: the column gets at least its width (and
 * its header's), so that numbers, dates and codes print whole; text shares what is left.
 */
function typicalText(spec: FieldSpec | undefined): string {
  switch (spec?.kind) {
    case 'decimal':
      return fieldText(spec, 888_888.888_888);
    case 'integer':
      return '88,888';
    case 'date':
      return '28 May 2000';
    case 'datetime':
      return '28 May 2000 00:00';
    case 'boolean':
      return 'Yes';
    case 'enum':
      return (spec.options ?? []).reduce((longest, option) => {
        const label = String(option.label);
        return label.length > longest.length ? label : longest;
      }, '');
    default:
      return 'MMMMMMMM';
  }
}

/** Kinds whose text may be long: they take the width the others leave. */
const STRETCHES = new Set<FieldSpec['kind'] | undefined>([
  undefined,
  'text',
  'longText',
  'textList',
  'reference',
  'json',
  'image',
]);

const isNumeric = (spec: FieldSpec | undefined) => spec?.kind === 'decimal' || spec?.kind === 'integer';

/**
 * The table's type size and each column's width. A column gets its header's width and its typical
 * value's (see typicalText); text columns share what is left of the page. Too many columns for the
 * page: the type gets smaller (to LEAST_FONT_SIZE), then every column shrinks alike, text cut with an
 * ellipsis and numbers printed smaller.
 */
function tableLayout(doc: PDFKit.PDFDocument, columns: readonly ExportColumn[], inner: number) {
  doc.fontSize(FONT_SIZE);
  const least = columns.map((column) => {
    const header = doc.font('Helvetica-Bold').widthOfString(column.label);
    const value = doc.font('Helvetica').widthOfString(typicalText(column.spec));
    return Math.max(Math.min(header, 60), value) + 2 * CELL_PADDING;
  });
  const needed = least.reduce((sum, width) => sum + width, 0);
  if (needed >= inner) {
    const fontSize = Math.max(LEAST_FONT_SIZE, (FONT_SIZE * inner) / needed);
    return { fontSize, widths: least.map((width) => (width * inner) / needed) };
  }
  const stretching = columns.map((column) => STRETCHES.has(column.spec?.kind));
  const shares = stretching.filter(Boolean).length;
  const spare = inner - needed;
  const widths = least.map((width, index) =>
    shares === 0 ? width + spare / columns.length : stretching[index] ? width + spare / shares : width,
  );
  return { fontSize: FONT_SIZE, widths };
}

/**
 * The list as a printable PDF, streamed: A4 landscape, the title, the time and the summary (count and
 * totals) on the first page, then a table of the columns whose header repeats on every page, and the
 * page number in each footer. Each page is written out when the next begins and the writer waits for
 * the client between batches, so memory stays flat however long the list (pdfkit keeps a small
 * reference per page written). The standard PDF fonts print Latin text (Windows-1252) and embed
 * nothing; other scripts do not show. Text is cut to its column with an ellipsis, numbers never.
 */
export async function openPdfList(options: PdfListOptions): Promise<SheetWriter> {
  // Loaded with the first PDF: pdfkit unpacks its Unicode tables when imported, a cost every server
  // start would otherwise pay.
  const { default: PDFDocument } = await import('pdfkit');
  const output = new PassThrough();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: PAGE.margin,
    autoFirstPage: false,
    info: { Title: options.title, Creator: 'Facet' },
  });
  // Read, not piped or listened to: pdfkit pushes outside the stream's read cycle, and in flowing mode
  // Node then keeps what it pushes until the document ends (the whole file in memory). So what each
  // batch made is taken from it and handed to `output`, which the writer waits on (see drained).
  doc.on('error', (error: Error) => output.destroy(error));
  const pump = () => {
    for (let chunk = doc.read(); chunk !== null; chunk = doc.read()) output.write(chunk);
  };

  const inner = PAGE.width - 2 * PAGE.margin;
  const { fontSize, widths } = tableLayout(doc, options.columns, inner);
  const rowHeight = fontSize * LEADING;
  const lefts = widths.map((_, index) => PAGE.margin + widths.slice(0, index).reduce((a, b) => a + b, 0));
  const numeric = options.columns.map((column) => isNumeric(column.spec));
  const bottom = PAGE.height - PAGE.margin - rowHeight;
  let page = 0;
  let y = 0;
  let row = 0;

  /** A number that does not fit its column is printed smaller, never cut. */
  const number = (text: string, left: number, width: number, top: number) => {
    const room = width - 2 * CELL_PADDING;
    const natural = doc.widthOfString(text);
    if (natural <= room) {
      doc.text(text, left + width - CELL_PADDING - natural, top + fontSize * 0.3, { lineBreak: false });
      return;
    }
    doc.fontSize((fontSize * room) / natural);
    doc.text(text, left + CELL_PADDING, top + fontSize * 0.3, { lineBreak: false });
    doc.fontSize(fontSize);
  };

  /** The text cut to `width` with an ellipsis, measured in the current font. */
  const fitted = (text: string, width: number): string => {
    const room = width - 2 * CELL_PADDING;
    if (doc.widthOfString(text) <= room) return text;
    let end = text.length;
    while (end > 0 && doc.widthOfString(`${text.slice(0, end)}…`) > room) end -= 1;
    return end > 0 ? `${text.slice(0, end)}…` : '';
  };

  const cells = (texts: readonly string[], top: number, numbers = numeric) => {
    texts.forEach((raw, index) => {
      const width = widths[index] as number;
      const left = lefts[index] as number;
      if (raw === '') return;
      if (numbers[index]) {
        number(raw, left, width, top);
        return;
      }
      const text = fitted(raw, width);
      if (text) doc.text(text, left + CELL_PADDING, top + fontSize * 0.3, { lineBreak: false });
    });
  };

  const header = () => {
    doc.rect(PAGE.margin, y, inner, rowHeight).fill(HEADER_FILL);
    doc.fillColor('black').font('Helvetica-Bold').fontSize(fontSize);
    cells(
      options.columns.map((column) => column.label),
      y,
      options.columns.map(() => false),
    );
    doc.font('Helvetica');
    y += rowHeight;
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + inner, y)
      .lineWidth(0.5)
      .stroke(RULE);
  };

  const newPage = () => {
    doc.addPage();
    page += 1;
    y = PAGE.margin;
    doc.font('Helvetica').fontSize(FONT_SIZE).fillColor('#555555');
    doc.text(`${options.title} — page ${page}`, PAGE.margin, PAGE.height - PAGE.margin + 8, {
      lineBreak: false,
    });
    doc.fillColor('black');
    if (page === 1) {
      doc.font('Helvetica-Bold').fontSize(14).text(options.title, PAGE.margin, y, { lineBreak: false });
      y += 20;
      if (options.subtitle) {
        doc.font('Helvetica').fontSize(10).text(options.subtitle, PAGE.margin, y, { lineBreak: false });
        y += 14;
      }
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor('#555555')
        .text(
          `Exported ${formatDateTime(options.at, options.zone)} (${options.zone.timeZone ?? 'UTC'})`,
          PAGE.margin,
          y,
          { lineBreak: false },
        );
      y += 14;
      doc.fillColor('black').fontSize(9);
      let x = PAGE.margin;
      for (const line of options.summary) {
        const text = `${line.label}: ${line.text}`;
        doc.text(text, x, y, { lineBreak: false });
        x += doc.widthOfString(text) + 18;
      }
      y += options.summary.length > 0 ? 18 : 4;
      if (options.chart) {
        y += drawPdfChart(doc, options.chart, { x: PAGE.margin, y, width: inner, height: CHART_HEIGHT }) + 10;
        doc.font('Helvetica').fillColor('black');
      }
    }
    header();
  };

  newPage();
  pump();
  return {
    body: output,
    async write(rows) {
      for (const values of rows) {
        if (y > bottom) newPage();
        if (row % 2 === 1) {
          doc.rect(PAGE.margin, y, inner, rowHeight).fill(STRIPE_FILL);
          doc.fillColor('black');
        }
        cells(
          values.map((value, index) =>
            String(textOf(options.columns[index]?.spec, value, options.zone) ?? ''),
          ),
          y,
        );
        y += rowHeight;
        row += 1;
      }
      pump();
      await drained(output);
    },
    async end() {
      if (row === 0) {
        doc
          .fontSize(fontSize)
          .text('Nothing to list.', PAGE.margin + CELL_PADDING, y + fontSize * 0.3, { lineBreak: false });
      }
      doc.end();
      pump();
      output.end();
    },
    abort: (error) => {
      doc.destroy(error);
      output.destroy(error);
    },
  };
}
