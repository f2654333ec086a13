/**
 * Schema drift guard (part of `npm test`'s static tier): drizzle-kit, generating from the declared tables
 * against the committed migrations, must find nothing to write. A table or column declared without its
 * migration fails here, with the SQL that `npm run db:generate` would have produced.
 *
 * It generates into a temporary copy of the migrations folder, through a temporary config that reuses
 * drizzle.config.ts, so the committed folder is never written.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const committed = path.join(serverDir, 'drizzle');
// drizzle-kit may stop to ask whether a column was renamed; with no one to answer, give up after this.
const GENERATE_TIMEOUT_MS = 120_000;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

function generateInto(out: string, scratch: string) {
  const configFile = path.join(scratch, 'drizzle.config.ts');
  writeFileSync(
    configFile,
    `import config from ${JSON.stringify(path.join(serverDir, 'drizzle.config.ts'))};\n` +
      // drizzle-kit reads `out` relative to the working directory, even when it is absolute.
      `export default { ...config, out: ${JSON.stringify(path.relative(serverDir, out))} };\n`,
  );
  // The package exports no bin path; the bin lies beside its entry.
  const entry = createRequire(import.meta.url).resolve('drizzle-kit');
  const drizzleKit = path.join(path.dirname(entry), 'bin.cjs');
  return spawnSync(process.execPath, [drizzleKit, 'generate', '--config', configFile, '--name', 'drift'], {
    cwd: serverDir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: GENERATE_TIMEOUT_MS,
  });
}

function changedFiles(out: string): string[] {
  return filesUnder(out).filter((file) => {
    const before = path.join(committed, file);
    return !existsSync(before) || readFileSync(before, 'utf8') !== readFileSync(path.join(out, file), 'utf8');
  });
}

function reportDrift(out: string, changed: string[]): void {
  console.error(
    'Schema drift guard: the declared tables differ from the committed migrations in apps/server/drizzle.\n' +
      'Generate the missing migration: npm run db:generate -w @facet/server -- --name <name>\n' +
      'drizzle-kit would write:',
  );
  for (const file of changed) {
    console.error(`  ${file}`);
    if (!file.endsWith('.sql')) continue;
    console.error(readFileSync(path.join(out, file), 'utf8').replace(/^/gm, '    | '));
  }
}

const scratch = mkdtempSync(path.join(tmpdir(), 'facet-schema-drift-'));
try {
  const out = path.join(scratch, 'drizzle');
  cpSync(committed, out, { recursive: true });
  const result = generateInto(out, scratch);
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
  const changed = result.error ? [] : changedFiles(out);
  if (changed.length > 0) {
    reportDrift(out, changed);
    process.exitCode = 1;
  } else if (result.status === 0 && /No schema changes/.test(output)) {
    // Checked by its words, not its exit code: drizzle-kit exits 0 on some failures (an unreadable snapshot).
    console.log('Schema drift guard: the migrations match the declared tables.');
  } else {
    console.error(
      'Schema drift guard: drizzle-kit generate failed, so the tables could not be compared with the ' +
        'migrations (a rename it wanted to ask about also ends here). Its output:',
    );
    console.error(result.error?.message ?? '', output);
    process.exitCode = 1;
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
