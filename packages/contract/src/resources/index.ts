import { dayTermResource } from './catalogue/day-term.ts';
import { cityResource, countryResource, stateResource } from './catalogue/geography.ts';
import { masterResource } from './catalogue/master.ts';
import { sizeResource } from './catalogue/size.ts';
import type { ResourceSpec } from './resource.ts';

export * from './catalogue/day-term.ts';
export * from './catalogue/geography.ts';
export * from './catalogue/master.ts';
export * from './catalogue/size.ts';
export * from './fields.ts';
export * from './grid.ts';
export * from './resource.ts';
export * from './schemas.ts';

/** Every resource of the engine; the server mounts and the panel routes all of them. */
export const RESOURCES: readonly ResourceSpec[] = [
  masterResource,
  sizeResource,
  dayTermResource,
  countryResource,
  stateResource,
  cityResource,
];

export const RESOURCE_BY_NAME: ReadonlyMap<string, ResourceSpec> = new Map(
  RESOURCES.map((resource) => [resource.name, resource]),
);
