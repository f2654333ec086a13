import type { AdminAction, AdminModuleName } from '../access/admin-modules.ts';
import type { MenuPlacement } from '../access/menu.ts';
import type { FieldKind, FieldSpec } from './fields.ts';

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
  /**
   * One record as the screens name it, in lower case ("company", "payment term"): "Add company", toasts
   * and confirmations. Default: the title with a lower-case first letter.
   */
  itemName?: string;
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
  /** Other API bases answering the same endpoints (legacy paths: `apis/event` for `apis/news-event`). */
  aliases?: readonly string[];
  /** Legacy one-off paths mapped onto the generic endpoints. */
  legacyPaths?: ResourceLegacyPaths;
  /**
   * A unique text field by which `GET {api}/{value}` also reads a record when the value is not an id
   * (`GET apis/setting/{key}`).
   */
  keyField?: string;
  /**
   * Who and when a boolean flag was last turned on, written by the server: `{ isApproved: { by:
   * 'approvedBy', at: 'approvedAt' } }` sets `approvedBy` (the acting user's id, a text field) and
   * `approvedAt` (a datetime field) when `isApproved` becomes true, and clears both when it becomes
   * false. The stamp fields are read-only (`form: false`).
   */
  stampOnToggle?: Readonly<Record<string, { by: string; at: string }>>;
  /**
   * Filters by a pasted list of codes: `{ stoneId: { label, fields: ['stockNumber', 'certificateNumber'] } }`
   * takes a list (or one string of codes separated by commas, spaces or new lines) and keeps the rows
   * where any of those text fields equals any of the codes, ignoring case.
   */
  codeFilters?: Readonly<Record<string, CodeFilter>>;
  /**
   * Takes the filter `id`: a list of record ids (at most MAX_FILTER_IDS), keeping the rows having any
   * of them. What exports a selection of rows exactly, whatever their codes.
   */
  idFilter?: boolean;
  /**
   * Figures of the whole filtered list, answered with every page as `totals` and computed in the same
   * query as the count: `{ carats: { sum: 'carat' }, averagePricePerCarat: { ratio: 'amount', per: 'carat' } }`.
   */
  totals?: Readonly<Record<string, ResourceTotal>>;
  /** Indexes over several fields for the searches the resource serves, on its live rows. */
  indexes?: readonly ResourceIndex[];
  /**
   * Pairs of fields bounding one range (a size's carats, a show's dates): where both are set, `to` may
   * not be below `from`. The create and update schemas, the form and the server (on the stored record
   * merged with an update) refuse it on the `to` field.
   */
  ranges?: readonly ResourceRange[];
  /**
   * What a list shows first of a record that is shown to customers for a period (a banner, a show): a
   * small thumbnail of the `image` field, and a Live, Scheduled or Expired tag read from the `period`'s
   * dates (an empty start has begun, an empty end never comes).
   */
  listPreview?: ListPreview;
  /** The fields a list shows first, in this order (a stone's trader columns); the rest follow as declared. */
  listOrder?: readonly string[];
}

export interface ListPreview {
  image?: string;
  period?: ResourceRange;
}

/** Two number, date or datetime fields of the same kind: the start and the end of one range. */
export interface ResourceRange {
  from: string;
  to: string;
}

export interface CodeFilter {
  label: string;
  /** Text fields compared with each code. */
  fields: readonly string[];
}

/** One figure of `totals`: the row count, a sum, a mean, or a weighted mean (sum of one over another). */
export type ResourceTotal =
  | { count: true }
  | { sum: string }
  | { average: string }
  /** sum(ratio) / sum(per) over the rows having both (amount per carat). */
  | { ratio: string; per: string };

export interface ResourceIndex {
  /** Name within the table: the index is `{table}_{name}_idx`. */
  name: string;
  fields: readonly string[];
  /**
   * Carried in the index so that a count, a total or a sort over it reads no table rows (the id is
   * always carried: a page's ids are picked from the index, then only those rows are read).
   */
  include?: readonly string[];
  /**
   * A GIN trigram index (pg_trgm) over the text fields instead of a btree: it serves the list's search
   * box, which matches any part of a field (`ilike '%text%'`), on each field alone. Takes no `include`.
   */
  trigram?: boolean;
}

/** The fields a total reads. */
export function totalFields(total: ResourceTotal): string[] {
  if ('sum' in total) return [total.sum];
  if ('average' in total) return [total.average];
  if ('ratio' in total) return [total.ratio, total.per];
  return [];
}

/** Legacy paths (without leading slash) that answer like a generic endpoint. */
export interface ResourceLegacyPaths {
  /** `POST {id}` deletes, like `DELETE {api}/{id}`. */
  destroy?: readonly string[];
  /** `POST {id, ...fields}` updates, like `PUT {api}/{id}`. */
  updateByBody?: readonly string[];
  /** `POST {list}` saves an order, like `{api}/bulk-sequence-update`. */
  sequence?: readonly string[];
}

/**
 * A panel screen over a resource, at a route relative to /hkadmin/ (it becomes a panel route). A view may pin
 * filters (main masters have no parent) or take them from the route's params (`sub-master/:id` lists
 * the values of master `id`); pinned values are also written into records created from the view.
 */
export interface ResourceView {
  route: string;
  title: string;
  /** One record of this view, when it differs from the resource's `itemName` ("show", "suggestion"). */
  itemName?: string;
  /** The action its module must allow to open it; `view` unless the legacy panel gated it otherwise. */
  action?: AdminAction;
  /** Its entry in the sidebar, if it has one. */
  menu?: MenuPlacement;
  fixedFilter?: Readonly<Record<string, string | number | boolean | null>>;
  /**
   * Fields set on every row of the view, whatever their value (a sub-master always has a parent). With
   * `fixedFilter`, they say which rows the view's module reaches on a resource scoped by view, and a
   * record created or edited in the view must set them. Unlike `fixedFilter`, nothing is written into
   * records or sent as a list filter: "any value" is not a value.
   */
  notNull?: readonly string[];
  /** Route param name → field it filters. */
  paramFilters?: Readonly<Record<string, string>>;
  /**
   * The row action that opens this view from a row of the resource its first param points at
   * (a main master's 'Values'); default: the plural of this resource's title ('States' on a country).
   */
  linkLabel?: string;
  /**
   * The permission module of this view when it differs from the resource's (`suggestion` over the
   * contact messages). A resource with such views is scoped by view on the server: a user reaches the
   * rows matching the `fixedFilter` and `notNull` of the views whose module allows the action.
   */
  module?: AdminModuleName;
  /**
   * A panel route (of PANEL_ROUTES, one `:id` param) showing one record in full; the list gets a
   * 'Details' row action opening it (`account-details/:id?` for a company).
   */
  detailRoute?: string;
}

const RANGE_KINDS: ReadonlySet<FieldKind> = new Set(['integer', 'decimal', 'date', 'datetime']);

export const FULL_OPERATIONS: ResourceOperations = {
  create: true,
  update: true,
  delete: 'soft',
  export: true,
};

/**
 * Declares a resource, keeping the literal types of its fields for RecordOf; the declaration still
 * reads as any ResourceSpec where code looks a field up by a key it computes.
 */
export function defineResource<const S extends ResourceSpec>(spec: S): S & ResourceSpec {
  if (!(spec.titleField in spec.fields))
    throw new Error(`${spec.name}: titleField ${spec.titleField} is not a field`);
  if (spec.sequenceField && spec.fields[spec.sequenceField]?.kind !== 'integer') {
    throw new Error(`${spec.name}: sequenceField must be an integer field`);
  }
  if (spec.keyField && spec.fields[spec.keyField]?.kind !== 'text') {
    throw new Error(`${spec.name}: keyField must be a text field`);
  }
  if (spec.keyField && !spec.fields[spec.keyField]?.unique) {
    throw new Error(`${spec.name}: keyField must be unique`);
  }
  for (const view of spec.views) {
    for (const key of [...Object.keys(view.fixedFilter ?? {}), ...(view.notNull ?? [])]) {
      if (!(key in spec.fields))
        throw new Error(`${spec.name}: view ${view.route} pins unknown field ${key}`);
    }
  }
  for (const [key, filter] of Object.entries(spec.codeFilters ?? {})) {
    if (key in spec.fields) throw new Error(`${spec.name}: code filter ${key} is also a field`);
    if (key === 'id') throw new Error(`${spec.name}: a code filter may not be named id`);
    for (const name of filter.fields) {
      if (spec.fields[name]?.kind !== 'text')
        throw new Error(`${spec.name}: code filter ${key} reads ${name}, not a text field`);
    }
  }
  for (const [key, total] of Object.entries(spec.totals ?? {})) {
    for (const name of totalFields(total)) {
      const kind = spec.fields[name]?.kind;
      if (kind !== 'integer' && kind !== 'decimal')
        throw new Error(`${spec.name}: total ${key} reads ${name}, not a number field`);
    }
  }
  for (const declared of spec.indexes ?? []) {
    for (const name of [...declared.fields, ...(declared.include ?? [])]) {
      if (!(name in spec.fields))
        throw new Error(`${spec.name}: index ${declared.name} names unknown ${name}`);
    }
    if (
      declared.trigram &&
      (declared.include || declared.fields.some((name) => spec.fields[name]?.kind !== 'text'))
    )
      throw new Error(`${spec.name}: trigram index ${declared.name} takes text fields and no include`);
  }
  for (const range of spec.ranges ?? []) {
    const from = spec.fields[range.from]?.kind;
    const to = spec.fields[range.to]?.kind;
    if (from === undefined || from !== to || !RANGE_KINDS.has(from))
      throw new Error(
        `${spec.name}: range ${range.from}-${range.to} needs two fields of one number or date kind`,
      );
  }
  const { image, period } = spec.listPreview ?? {};
  if (image !== undefined && spec.fields[image]?.kind !== 'image')
    throw new Error(`${spec.name}: list preview ${image} is not an image field`);
  for (const name of period ? [period.from, period.to] : []) {
    const kind = spec.fields[name]?.kind;
    if (kind !== 'date' && kind !== 'datetime')
      throw new Error(`${spec.name}: list preview period reads ${name}, not a date field`);
  }
  for (const [flag, stamp] of Object.entries(spec.stampOnToggle ?? {})) {
    const by = spec.fields[stamp.by];
    const at = spec.fields[stamp.at];
    if (spec.fields[flag]?.kind !== 'boolean')
      throw new Error(`${spec.name}: ${flag} is not a boolean field`);
    if (by?.kind !== 'text' || by.form !== false || at?.kind !== 'datetime' || at.form !== false) {
      throw new Error(`${spec.name}: the stamps of ${flag} must be read-only text and datetime fields`);
    }
  }
  return spec;
}

/** The module gating a view: its own, else its resource's. */
export function viewModuleOf(resource: ResourceSpec, view: ResourceView): AdminModuleName {
  return view.module ?? resource.module;
}

/** Whether the resource's access is decided per view (some view names its own module). */
export function isScopedByView(resource: ResourceSpec): boolean {
  return resource.views.some((view) => view.module !== undefined && view.module !== resource.module);
}

/** Every module that reaches some of the resource's rows, the resource's own first. */
export function modulesOf(resource: ResourceSpec): AdminModuleName[] {
  return [...new Set([resource.module, ...resource.views.map((view) => viewModuleOf(resource, view))])];
}
