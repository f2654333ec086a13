import { chartLabelText, chartToDraw, formatNumber, type ReportChart } from '@facet/contract';

/** A chart printed on a PDF's first page: its title and what it draws. */
export interface PdfChart {
  title: string;
  chart: ReportChart;
}

/**
 * Series colours that stay apart on paper and in grey print (darker first), the panel's palette in
 * print strength.
 */
export const PDF_CHART_COLOURS = ['#1f5fbf', '#d46b08', '#389e0d', '#c41d7f', '#531dab', '#08979c'];
const AXIS = '#444444';
const GRID = '#dddddd';
const TEXT = '#333333';
const TYPE = 7;

/** A round step for the value axis: 1, 2 or 5 times a power of ten, about five lines to the top. */
function niceStep(top: number): number {
  const rough = top / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const scaled = rough / power;
  return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
}

/**
 * Draws the chart in the box (pdfkit primitives: the title, a legend, the value axis with its grid, the
 * bars or lines, and the labels, thinned to what fits) and answers the height it took.
 */
export function drawPdfChart(
  doc: PDFKit.PDFDocument,
  { title, chart: asked }: PdfChart,
  box: { x: number; y: number; width: number; height: number },
): number {
  const chart = chartToDraw(asked);
  const { x, width } = box;
  let y = box.y;
  doc.font('Helvetica-Bold').fontSize(10).fillColor('black').text(title, x, y, { lineBreak: false });
  y += 14;

  // The legend: a swatch and a name a series.
  doc.font('Helvetica').fontSize(TYPE);
  let legendX = x;
  chart.series.forEach((series, index) => {
    const colour = PDF_CHART_COLOURS[index % PDF_CHART_COLOURS.length] as string;
    doc.rect(legendX, y + 1, 8, 6).fill(colour);
    doc.fillColor(TEXT).text(series.label, legendX + 11, y, { lineBreak: false });
    legendX += 11 + doc.widthOfString(series.label) + 14;
  });
  y += 12;

  const count = chart.labels.length;
  const values = chart.series.flatMap((series) => series.values.filter(Number.isFinite));
  const bottom = box.y + box.height - 14;
  if (count === 0 || values.length === 0) {
    doc.fillColor(TEXT).text('Nothing to draw for this period.', x, y + 4, { lineBreak: false });
    return y + 16 - box.y;
  }

  const highest = Math.max(0, ...values);
  const lowest = Math.min(0, ...values);
  const step = niceStep(Math.max(highest - lowest, 1));
  const top = Math.ceil(highest / step) * step || step;
  const floor = Math.floor(lowest / step) * step;
  const axisTexts: string[] = [];
  for (let value = floor; value <= top + step / 2; value += step) axisTexts.push(formatNumber(value));
  const axisWidth = Math.max(...axisTexts.map((text) => doc.widthOfString(text))) + 4;
  const plot = { left: x + axisWidth, right: x + width, top: y + 4, bottom };
  const yOf = (value: number) => plot.bottom - ((value - floor) / (top - floor)) * (plot.bottom - plot.top);

  // The value axis and its grid.
  axisTexts.forEach((text, index) => {
    const lineY = yOf(floor + index * step);
    doc
      .moveTo(plot.left, lineY)
      .lineTo(plot.right, lineY)
      .lineWidth(0.4)
      .stroke(index === 0 && floor === 0 ? AXIS : GRID);
    doc
      .fillColor(TEXT)
      .text(text, x, lineY - TYPE / 2, { width: axisWidth - 4, align: 'right', lineBreak: false });
  });
  doc.moveTo(plot.left, plot.top).lineTo(plot.left, plot.bottom).lineWidth(0.6).stroke(AXIS);
  if (floor < 0) doc.moveTo(plot.left, yOf(0)).lineTo(plot.right, yOf(0)).lineWidth(0.6).stroke(AXIS);

  const slot = (plot.right - plot.left) / count;
  const centre = (index: number) => plot.left + slot * (index + 0.5);
  if (chart.kind === 'bar') {
    const group = slot * 0.8;
    const bar = group / chart.series.length;
    chart.series.forEach((series, seriesIndex) => {
      doc.fillColor(PDF_CHART_COLOURS[seriesIndex % PDF_CHART_COLOURS.length] as string);
      series.values.forEach((value, index) => {
        if (!Number.isFinite(value) || value === 0) return;
        const left = centre(index) - group / 2 + bar * seriesIndex;
        const from = yOf(Math.max(value, 0));
        const to = yOf(Math.min(value, 0));
        doc.rect(left, from, Math.max(bar - 0.3, 0.3), Math.max(to - from, 0.3)).fill();
      });
    });
  } else {
    chart.series.forEach((series, seriesIndex) => {
      const colour = PDF_CHART_COLOURS[seriesIndex % PDF_CHART_COLOURS.length] as string;
      let drawing = false;
      series.values.forEach((value, index) => {
        if (!Number.isFinite(value)) {
          drawing = false;
          return;
        }
        if (drawing) doc.lineTo(centre(index), yOf(value));
        else doc.moveTo(centre(index), yOf(value));
        drawing = true;
      });
      doc.lineWidth(1.2).stroke(colour);
      if (count <= 62) {
        series.values.forEach((value, index) => {
          if (Number.isFinite(value)) doc.circle(centre(index), yOf(value), 1.4).fill(colour);
        });
      }
    });
  }

  // The labels under the axis, every nth when they would overlap.
  doc.fillColor(TEXT).fontSize(TYPE);
  const texts = chart.labels.map(chartLabelText);
  const widest = Math.max(...texts.map((text) => doc.widthOfString(text))) + 6;
  const every = Math.max(1, Math.ceil(widest / slot));
  texts.forEach((text, index) => {
    if (index % every !== 0) return;
    const room = slot * every;
    doc.text(text, centre(index) - room / 2, plot.bottom + 3, {
      width: room,
      align: 'center',
      lineBreak: false,
      ellipsis: true,
      height: TYPE + 2,
    });
  });
  return plot.bottom + 14 - box.y;
}
