import type { AdminModuleName } from '../access/admin-modules.ts';
import type { FieldSpec } from './fields.ts';

export interface ResourceOperations {
  create: boolean;
  update: boolean;
  /** Soft keeps the row (and its history) out of lists; hard removes it. */
  delete: 'soft' | 'hard' | false;
  export: boolean;
}

/**
 * A simple module of the panel: a list and a form over one table. Declared once; the server's
 * endpoints, the table, and the web's list and form screens are generated from it.
 */
export interface ResourceSpec {
  /** Stable key: `model` of boolean-status-update, history entity type, grid key. */
  name: string;
  title: string;
  module: AdminModuleName;
  /** API base without leading slash, e.g. `apis/country`; endpoints hang below it. */
  api: string;
  /** Database table. */
  table: string;
  /** The panel screens that show it; the first is the main one. */
  views: readonly ResourceView[];
  fields: Readonly<Record<string, FieldSpec>>;
  /** Labels a record in choices and titles. */
  titleField: string;
  defaultSort: { field: string; direction: 'asc' | 'desc' };
  operations: ResourceOperations;
  /** An integer field the list can reorder by drag, saved through `{api}/bulk-sequence-update`. */
  sequenceField?: string;
}

/**
 * A panel screen over a resource, at a route of PANEL_ROUTES (relative to /hkadmin/). A view may pin
 * filters (main masters have no parent) or take them from the route's params (`sub-master/:id` lists
 * the values of master `id`); pinned values are also written into records created from the view.
 */
export interface ResourceView {
  route: string;
  title: string;
  fixedFilter?: Readonly<Record<string, string | number | boolean | null>>;
  /** Route param name → field it filters. */
  paramFilters?: Readonly<Record<string, string>>;
  /**
   * The row action that opens this view from a row of the resource its first param points at
   * (a main master's 'Values'); default: the plural of this resource's title ('States' on a country).
   */
  linkLabel?: string;
}

export const FULL_OPERATIONS: ResourceOperations = {
  create: true,
  update: true,
  delete: 'soft',
  export: true,
};

export function defineResource(spec: ResourceSpec): ResourceSpec {
  if (!(spec.titleField in spec.fields))
    throw new Error(`${spec.name}: titleField ${spec.titleField} is not a field`);
  if (spec.sequenceField && spec.fields[spec.sequenceField]?.kind !== 'integer') {
    throw new Error(`${spec.name}: sequenceField must be an integer field`);
  }
  return spec;
}

/** Endpoints of a resource, relative to the server root. */
export function resourcePaths(resource: ResourceSpec) {
  return {
    paginate: `${resource.api}/paginate`,
    create: `${resource.api}/create`,
    /** GET reads, PUT updates, DELETE deletes. */
    byId: (id: string) => `${resource.api}/${id}`,
    history: (id: string) => `${resource.api}/${id}/history`,
    export: `${resource.api}/export`,
    bulkSequence: `${resource.api}/bulk-sequence-update`,
  };
}

/** The generic toggle of every resource: `{id, model, fieldName, status}`. */
export const BOOLEAN_STATUS_UPDATE_PATH = 'admin/common/boolean-status-update';
