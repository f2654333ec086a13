import { RESOURCE_CATALOGUE } from 'virtual:resource-catalogue';
import type { ResourceSpec } from '@facet/contract';

export { RESOURCE_CATALOGUE };

/** The resources by name, as the contract's RESOURCE_BY_NAME, from the data the build wrote. */
export const RESOURCE_CATALOGUE_BY_NAME: ReadonlyMap<string, ResourceSpec> = new Map(
  RESOURCE_CATALOGUE.map((resource) => [resource.name, resource]),
);
