import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESOURCES } from '@facet/contract';
import { defineConfig } from 'drizzle-kit';

const serverDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * drizzle-kit finds tables among a schema file's named exports. The resource engine builds one table per
 * declared resource, whichever module declares it, so the names cannot be written out by hand without a
 * new module touching this folder: they are written here, from the module list, each time drizzle-kit
 * starts (generate, and the drift guard that reuses this config).
 */
function resourceTablesModule(): string {
  const folder = path.join(serverDir, 'node_modules', '.cache', 'drizzle');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'resource-tables.ts');
  const tables = path.join(serverDir, 'src', 'db', 'tables.ts');
  writeFileSync(
    file,
    [
      '// Written by apps/server/drizzle.config.ts: every resource table, for drizzle-kit.',
      `import { RESOURCE_TABLES } from ${JSON.stringify(tables)};`,
      ...RESOURCES.map(
        (resource, index) =>
          `export const resourceTable${index} = RESOURCE_TABLES.get(${JSON.stringify(resource.name)});`,
      ),
      '',
    ].join('\n'),
  );
  return file;
}

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.ts', resourceTablesModule()],
  out: './drizzle',
  casing: 'snake_case',
});
