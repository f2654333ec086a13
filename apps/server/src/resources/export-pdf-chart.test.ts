import { chartToDraw, field } from '@facet/contract';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { openPdfList } from './export-pdf.ts';

const columns = [
  { label: 'Page', spec: field.text('Page'), value: () => null },
  { label: 'Visits', spec: field.integer('Visits'), value: () => null },
];

async function pdfText(chart: Parameters<typeof openPdfList>[0]['chart']): Promise<string> {
  const sheet = await openPdfList({
    title: 'Hit counter',
    subtitle: '1 Nov 2026 to 3 Nov 2026 (UTC days)',
    at: new Date('2026-11-28T10:00:00Z'),
    zone: { timeZone: 'UTC' },
    columns,
    summary: [{ label: 'Rows', text: '2' }],
    chart,
  });
  const chunks: Buffer[] = [];
  sheet.body.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => sheet.body.on('end', () => resolve()));
  await sheet.write([
    ['Search', 12],
    ['Cart', 3],
  ]);
  await sheet.end();
  await ended;
  const { text } = await extractText(new Uint8Array(Buffer.concat(chunks)), { mergePages: true });
  return text;
}

describe('the chart of a report PDF', () => {
  it('draws its title, legend, days and values above the table', async () => {
    const text = await pdfText({
      title: 'Visits by day',
      chart: {
        kind: 'bar',
        labels: ['2026-11-01', '2026-11-02', '2026-11-03'],
        series: [{ key: 'visits', label: 'Visits', values: [4, 0, 11] }],
      },
    });
    expect(text).toContain('1 Nov 2026 to 3 Nov 2026 (UTC days)');
    expect(text).toContain('Visits by day');
    expect(text).toContain('1 Nov 2026');
    expect(text).toContain('3 Nov 2026');
    expect(text).toContain('Search');
  });

  it('folds a long chart: values past thirty as Other, days past a quarter by month', () => {
    const values = Array.from({ length: 40 }, (_, index) => index + 1);
    const folded = chartToDraw({
      kind: 'bar',
      labels: values.map((value) => `Page ${value}`),
      series: [{ key: 'visits', label: 'Visits', values }],
    });
    expect(folded.labels).toHaveLength(30);
    expect(folded.labels.at(-1)).toBe('Other');
    expect(folded.series[0]?.values.at(-1)).toBe(values.slice(29).reduce((sum, value) => sum + value, 0));
    const days = Array.from({ length: 120 }, (_, index) =>
      new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10),
    );
    const monthly = chartToDraw({
      kind: 'bar',
      labels: days,
      series: [{ key: 'visits', label: 'Visits', values: days.map(() => 1) }],
    });
    expect(monthly.labels).toEqual(['2026-01', '2026-02', '2026-03', '2026-04']);
    expect(monthly.series[0]?.values).toEqual([31, 28, 31, 30]);
  });

  it('says so when the period has nothing to draw', async () => {
    const text = await pdfText({ title: 'Visits by day', chart: { kind: 'line', labels: [], series: [] } });
    expect(text).toContain('Nothing to draw for this period.');
  });
});
