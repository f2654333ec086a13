import { RESOURCES, type ResourceSpec } from '@facet/contract';
import { type ResourceTable, tableOf } from './table-of.ts';

const built = new Map<string, ResourceTable>();
const declared = new Map<string, ResourceSpec>(RESOURCES.map((resource) => [resource.name, resource]));

function lookup(name: string): ResourceTable {
  const table = built.get(name);
  if (table) return table;
  const resource = declared.get(name);
  if (!resource) throw new Error(`No table for resource ${name}`);
  return tableFor(resource);
}

for (const resource of RESOURCES) built.set(resource.name, tableOf(resource, lookup));

/** Every resource's table of the contract's own modules; drizzle.config.ts hands each to drizzle-kit. */
export const RESOURCE_TABLES: ReadonlyMap<string, ResourceTable> = built;

/**
 * The table of a resource, built on first use for one that a module added when the server was built
 * (a module outside the contract's own list); references to it resolve from then on.
 */
export function tableFor(resource: ResourceSpec): ResourceTable {
  let table = built.get(resource.name);
  if (!table) {
    declared.set(resource.name, resource);
    table = tableOf(resource, lookup);
    built.set(resource.name, table);
  }
  return table;
}
