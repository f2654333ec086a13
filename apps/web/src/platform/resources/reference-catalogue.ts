import { REFERENCE_CATALOGUE } from 'virtual:reference-catalogue';
import type { ResourceSpec } from '@facet/contract';

/**
 * The resources by name as a reference column, cell or choice reads them (their title field, the fields
 * shown as a reference's details, their endpoints and sort), from the data the build wrote. Kept apart
 * from the whole catalogue (`resource-catalogue.ts`) so a list that only shows references, as Stock, does
 * not download every resource's every field.
 */
export const REFERENCE_CATALOGUE_BY_NAME: ReadonlyMap<string, ResourceSpec> = new Map(
  REFERENCE_CATALOGUE.map((resource) => [resource.name, resource]),
);
