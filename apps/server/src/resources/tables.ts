import { RESOURCES, type ResourceSpec } from '@facet/contract';
import { type ResourceTable, tableOf } from './table-of.ts';

const built = new Map<string, ResourceTable>();

function lookup(name: string): ResourceTable {
  const table = built.get(name);
  if (!table) throw new Error(`No table for resource ${name}`);
  return table;
}

for (const resource of RESOURCES) built.set(resource.name, tableOf(resource, lookup));

/** Every resource's table by resource name; db/schema.ts exports them for drizzle-kit. */
export const RESOURCE_TABLES: ReadonlyMap<string, ResourceTable> = built;

export function tableFor(resource: ResourceSpec): ResourceTable {
  return lookup(resource.name);
}
