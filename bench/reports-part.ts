/**
 * One part of the reports benchmark (`bench/reports.ts`): the activity it generates on the benchmark's
 * database, the roll-ups it runs over it with the server's own code, and the report calls it times, each
 * beside the same question asked of the raw rows.
 */
import type pg from 'pg';

/** The benchmark's span: three years of UTC days ending the day before the run, and the year measured. */
export interface BenchSpan {
  /** First generated day, `YYYY-MM-DD`. */
  from: string;
  /** Last generated day (closed, so roll-ups take it in). */
  to: string;
  /** The last 365 days of the span: the range each report is asked for. */
  year: { from: string; to: string };
}

export interface ReportBenchCase {
  /** What the table in docs/performance.md calls it, e.g. "Four-C, one shape and bracket". */
  name: string;
  /** The API path, as the panel calls it (no leading slash). */
  path: string;
  body: unknown;
  /** The same question on the raw rows (no roll-up), for the ratio; run through `pg` as is. */
  rawSql: string;
}

export interface ReportBenchPart {
  name: string;
  /** Writes the part's raw rows (bulk SQL; scale 1 = the volumes). */
  generate: (client: pg.Client, span: BenchSpan, scale: number) => Promise<void>;
  /** Rolls the generated days up with the server's roll-up functions, as the jobs would. */
  rollUp: (databaseUrl: string, span: BenchSpan) => Promise<void>;
  cases: (span: BenchSpan) => ReportBenchCase[];
}
