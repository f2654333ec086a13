import { readFile } from 'node:fs/promises';
import { PANEL_BASE, type ReportSpec, reportColumnsFor } from '@facet/contract';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { extractText } from 'unpdf';
import { expect } from 'vitest';

const SLOW = { timeout: 15_000 };

/** `daysAgo` whole UTC days before today, as a report's period names it (`2026-11-28`). */
export const utcDay = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Types a period into the report's picker, as a person does, and waits for the address to hold it. */
export async function choosePeriod(page: Page, from: string, to: string): Promise<void> {
  const start = page.getByPlaceholder('Period from');
  await start.click();
  await start.fill(from);
  await start.press('Enter');
  const end = page.getByPlaceholder('to', { exact: true });
  await end.fill(to);
  await end.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('period') === `${from}~${to}`, SLOW);
}

/** Clicks one of the report's file buttons and answers the file's name and bytes. */
export async function downloadReport(page: Page, label: 'XLSX' | 'CSV' | 'PDF') {
  const saved = page.waitForEvent('download', SLOW);
  // The button's name carries its icon's ("download PDF").
  await page.getByRole('button', { name: new RegExp(`${label}$`) }).click();
  const file = await saved;
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path()) as string) };
}

/** The first sheet of an XLSX file as rows of cell text, the header first. */
export async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((cell) => String(cell ?? '')));
  });
  return rows;
}

/** A PDF's text, its pages merged; throws unless the bytes are a PDF. */
export async function pdfText(bytes: Buffer): Promise<string> {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('the file is no PDF');
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text;
}

/** Any report's declaration, as these helpers read it (its title, screen, columns and chart). */
export const reportOf = (spec: unknown) => spec as ReportSpec<never>;

/** Opens a report's screen, types the period into its picker, and waits for its chart to be drawn. */
export async function openReport(
  page: Page,
  baseUrl: string,
  spec: ReportSpec<never>,
  period: { from: string; to: string },
  query = '',
): Promise<void> {
  await page.goto(`${baseUrl}${PANEL_BASE}/${spec.screen}${query}`);
  await page.getByRole('heading', { name: spec.title }).waitFor(SLOW);
  await choosePeriod(page, period.from, period.to);
  await page.getByRole('img', { name: `${spec.chartTitle} chart` }).waitFor(SLOW);
}

/**
 * Downloads the report's XLSX and PDF from its screen and opens both: the sheet's header is the report's
 * columns (the counted one titled by the choice in the address, as on the screen); the PDF carries the
 * title and the chart. Answers the sheet's rows and the PDF's text.
 */
export async function reportFiles(page: Page, spec: ReportSpec<never>) {
  const xlsx = await downloadReport(page, 'XLSX');
  expect(xlsx.name).toMatch(new RegExp(`^${spec.key}-\\d{8}\\.xlsx$`));
  const [header, ...rows] = await xlsxRows(xlsx.bytes);
  const filter = Object.fromEntries(new URL(page.url()).searchParams);
  expect(header).toEqual(reportColumnsFor(spec, filter).map((column) => column.spec.label));
  const pdf = await downloadReport(page, 'PDF');
  expect(pdf.name).toMatch(new RegExp(`^${spec.key}-\\d{8}\\.pdf$`));
  const printed = await pdfText(pdf.bytes);
  expect(printed).toContain(spec.title);
  expect(printed).toContain(spec.chartTitle);
  return { rows, printed };
}
