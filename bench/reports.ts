/**
 * The reports benchmark (issue 16; docs/performance.md, "Reports"): three years of activity on a
 * throwaway PostgreSQL database (searches, page visits, sign-ins: reports-*.ts), rolled up by the jobs'
 * own code, then each report asked for the last year through HTTP on the real server beside the same
 * question on the raw rows, interleaved, in the same run. Goal: p95 at or under 300 ms at one client.
 *
 *   npm run bench:reports                  the issue's volumes (scale 1)
 *   npm run bench:reports -- --scale 0.1   a tenth of them, for a quick try
 *
 * Options (or BENCH_REPORTS_SCALE, BENCH_REPORTS_CALLS, BENCH_REPORTS_RAW_CALLS): `--calls N` timed HTTP
 * calls per report (30), `--raw-calls N` timed raw questions per report (5: a year of raw rows takes
 * seconds each), `--only NAME` the parts whose name contains NAME.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { POOL_OPTIONS } from '../apps/server/src/db/client.ts';
import { adminToken, percentiles, startServer, stopServer } from './bench-server.ts';
import { type BenchDatabase, createDatabase } from './load-database.ts';
import type { BenchSpan, ReportBenchCase, ReportBenchPart } from './reports-part.ts';
import { searchesPart } from './reports-searches.ts';
import { signInsPart } from './reports-sign-ins.ts';
import { visitsPart } from './reports-visits.ts';
import { withClient } from './stock-searches.ts';

const GOAL_MS = 300;
const WARM_UP_CALLS = 3;
const DAY_MS = 86_400_000;

function option(name: string, environment: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return (at >= 0 ? process.argv[at + 1] : undefined) ?? process.env[environment] ?? fallback;
}

const SCALE = Number(option('scale', 'BENCH_REPORTS_SCALE', '1'));
const CALLS = Number(option('calls', 'BENCH_REPORTS_CALLS', '30'));
const RAW_CALLS = Number(option('raw-calls', 'BENCH_REPORTS_RAW_CALLS', '5'));
const ONLY = option('only', 'BENCH_REPORTS_ONLY', '');
const PARTS: ReportBenchPart[] = [searchesPart, visitsPart, signInsPart].filter((part) =>
  part.name.toLowerCase().includes(ONLY.toLowerCase()),
);

const log = (message: string) => process.stdout.write(`${message}\n`);
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Three years of UTC days ending yesterday (closed, so the roll-ups take them in); the last 365 measured. */
function spanOfToday(): BenchSpan {
  const today = Date.parse(`${dayOf(Date.now())}T00:00:00Z`);
  return {
    from: dayOf(today - 3 * 365 * DAY_MS),
    to: dayOf(today - DAY_MS),
    year: { from: dayOf(today - 365 * DAY_MS), to: dayOf(today - DAY_MS) },
  };
}

async function timedMs(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

interface Measured {
  part: string;
  name: string;
  http: number[];
  raw: number[];
}

/** One report asked through HTTP and its raw question, interleaved, warmed up first. */
async function measure(part: string, one: ReportBenchCase, baseUrl: string, token: string, raw: pg.Client) {
  const ask = async () => {
    const response = await fetch(`${baseUrl}/${one.path}`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(one.body),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${one.name}: ${response.status} ${text.slice(0, 300)}`);
  };
  const askRaw = async () => {
    await raw.query(one.rawSql);
  };
  for (let call = 0; call < WARM_UP_CALLS; call += 1) await ask();
  await askRaw();
  const measured: Measured = { part, name: one.name, http: [], raw: [] };
  for (let call = 0; call < Math.max(CALLS, RAW_CALLS); call += 1) {
    if (call < CALLS) measured.http.push(await timedMs(ask));
    if (call < RAW_CALLS) measured.raw.push(await timedMs(askRaw));
  }
  return measured;
}

const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`);

function table(rows: Measured[]): string {
  const lines = [
    '| Part | Report (a year) | HTTP p50 | HTTP p95 | Raw p50 | Raw p95 | Raw p95 / HTTP p95 | p95 ≤ 300 ms |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | :---: |',
  ];
  for (const row of rows) {
    const http = percentiles(row.http);
    const raw = percentiles(row.raw);
    lines.push(
      `| ${row.part} | ${row.name} | ${ms(http.p50)} | ${ms(http.p95)} | ${ms(raw.p50)} | ${ms(raw.p95)} | ${(raw.p95 / http.p95).toFixed(1)}× | ${http.p95 <= GOAL_MS ? 'yes' : 'no'} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  const span = spanOfToday();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'facet-bench-reports-'));
  const secret = randomBytes(32).toString('hex');
  let database: BenchDatabase | undefined;
  let server: { url: string; child: ChildProcess } | undefined;
  const cleanUp = async () => {
    await stopServer(server?.child);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log('Interrupted: stopping the server and dropping the database');
      void cleanUp().finally(() => process.exit(130));
    });
  }
  try {
    log(
      `Reports benchmark: scale ${SCALE}, span ${span.from} – ${span.to}, year ${span.year.from} – ${span.year.to}`,
    );
    log(
      `Machine: ${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}`,
    );
    database = await createDatabase();
    const serverOptions = { databaseUrl: database.url, env: { SEED_CITIES: 'false' } };
    // The server migrates and seeds the masters and the admin, then stops: its jobs would roll up while
    // the activity is written.
    server = await startServer(secret, dataDir, serverOptions);
    await stopServer(server.child);
    const url = database.url;
    const durations: { part: string; generate: number; rollUp: number }[] = [];
    for (const part of PARTS) {
      log(`${part.name}: generating`);
      const generate = await timedMs(() => withClient(url, (client) => part.generate(client, span, SCALE)));
      log(`${part.name}: generated in ${ms(generate)}; rolling up`);
      const rollUp = await timedMs(() => part.rollUp(url, span));
      log(`${part.name}: rolled up in ${ms(rollUp)}`);
      durations.push({ part: part.name, generate, rollUp });
    }
    await withClient(url, (client) => client.query('vacuum analyze'));
    server = await startServer(secret, dataDir, serverOptions);
    const token = await adminToken(secret, { databaseUrl: url, hours: 6 });
    log(
      `Server on ${server.url}; load ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}`,
    );
    const rows: Measured[] = [];
    // The raw questions with the server's own session settings (no JIT, no parallel workers).
    const raw = new pg.Client({ connectionString: url, options: POOL_OPTIONS });
    await raw.connect();
    try {
      for (const part of PARTS) {
        for (const one of part.cases(span)) {
          const measured = await measure(part.name, one, server.url, token, raw);
          log(
            `  ${part.name} · ${one.name}: HTTP p95 ${ms(percentiles(measured.http).p95)}, raw p95 ${ms(percentiles(measured.raw).p95)}`,
          );
          rows.push(measured);
        }
      }
    } finally {
      await raw.end();
    }
    log('');
    log(table(rows));
    log('');
    log('| Part | Generated in | Rolled up in | Rolled up a day (mean) |');
    log('| --- | ---: | ---: | ---: |');
    const days = Math.round((Date.parse(span.to) - Date.parse(span.from)) / DAY_MS) + 1;
    for (const row of durations) {
      log(`| ${row.part} | ${ms(row.generate)} | ${ms(row.rollUp)} | ${ms(row.rollUp / days)} |`);
    }
    log(
      `\nCalls: ${CALLS} HTTP and ${RAW_CALLS} raw per report after ${WARM_UP_CALLS} warm-up; load at the end ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await cleanUp();
  }
}

await main();
