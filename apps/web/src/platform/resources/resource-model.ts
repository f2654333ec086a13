import {
  type FieldSpec,
  isListedField,
  type ResourceRecord,
  type ResourceSpec,
  type ResourceView,
  referenceDetailColumns,
} from '@facet/contract';
import type { FilterKind, FilterSpec } from '../lists/list-params.ts';

/**
 * What the generic list derives from a resource declaration. Pure, and typed against the contract only:
 * the catalogue itself is passed in, so this module can be tested without the screens.
 */

/** Columns every record has besides its fields; shown on demand from the column chooser. */
export const SYSTEM_COLUMNS: Readonly<Record<string, string>> = {
  createdAt: 'Created',
  updatedAt: 'Updated',
};

/** A column the list can show, in declaration order; `visible` is the default before any user choice. */
export interface ColumnChoice {
  key: string;
  label: string;
  visible: boolean;
}

/**
 * The columns of a list: its listed fields, each reference followed by the declared details of the row
 * it points at (given the catalogue, which names their labels), then the system columns.
 */
export function columnChoicesOf(
  resource: ResourceSpec,
  pinned: ReadonlySet<string>,
  catalogue: ReadonlyMap<string, ResourceSpec> = new Map(),
): ColumnChoice[] {
  const details = catalogue.size ? referenceDetailColumns(resource, catalogue) : [];
  const first = resource.listOrder ?? [];
  const rank = (key: string) => (first.includes(key) ? first.indexOf(key) : first.length);
  return [
    // A stable sort: the fields not named first keep their declared order.
    ...Object.entries(resource.fields)
      .sort(([a], [b]) => rank(a) - rank(b))
      // A pinned field (the parent of a sub-master) is the same on every row.
      .filter(([key, spec]) => isListedField(spec) && !pinned.has(key))
      .flatMap(([key, spec]) => [
        { key, label: spec.label, visible: true },
        ...details
          .filter((detail) => detail.field === key)
          .map((detail) => ({ key: detail.key, label: detail.label, visible: true })),
      ]),
    ...Object.entries(SYSTEM_COLUMNS).map(([key, label]) => ({ key, label, visible: false })),
  ];
}

/** Field → value a view pins: its fixedFilter, and its paramFilters whose route param is present. */
export function pinnedValuesOf(
  view: ResourceView,
  params: Readonly<Record<string, string | undefined>>,
): Record<string, string | number | boolean | null> {
  const pinned: Record<string, string | number | boolean | null> = { ...view.fixedFilter };
  for (const [param, field] of Object.entries(view.paramFilters ?? {})) {
    const value = params[param];
    if (value) pinned[field] = value;
  }
  return pinned;
}

function filterKindOf(spec: FieldSpec): FilterKind | null {
  if (spec.filter === 'range')
    return spec.kind === 'date' || spec.kind === 'datetime' ? 'dateRange' : 'numberRange';
  if (spec.filter !== 'eq') return null;
  switch (spec.kind) {
    case 'boolean':
      return 'boolean';
    case 'integer':
    case 'decimal':
      return 'number';
    case 'enum':
      return typeof spec.options?.[0]?.value === 'number' ? 'number' : 'string';
    default:
      return 'string';
  }
}

/** The URL filters of a list: the declaration's filterable fields, less those the view pins. */
export function filterSpecOf(resource: ResourceSpec, pinned: ReadonlySet<string>): FilterSpec {
  const spec: Record<string, FilterKind> = {};
  for (const [key, field] of Object.entries(resource.fields)) {
    const kind = filterKindOf(field);
    if (kind && !pinned.has(key)) spec[key] = kind;
  }
  return spec;
}

/**
 * A reference's title as the server sends it beside the id: `countryIdTitle`, `countryTitle`, or a nested
 * `country` object. Undefined when absent; the screen then looks the record up.
 */
export function referenceTitleOf(
  record: Readonly<Record<string, unknown>>,
  key: string,
  titleField: string,
): string | undefined {
  const base = key.replace(/Id$/, '');
  for (const candidate of [`${key}Title`, `${base}Title`, `${base}Name`]) {
    const value = record[candidate];
    if (typeof value === 'string' && value !== '') return value;
  }
  const nested = record[base];
  if (nested && typeof nested === 'object' && base !== key) {
    const title = (nested as Record<string, unknown>)[titleField];
    if (typeof title === 'string') return title;
  }
  return undefined;
}

/**
 * What names a record in a screen (a toggle's label, a history's title): its title field, or the title
 * of the row that field points at when the title field is a reference (a featured stone's stone).
 */
export function recordTitleOf(resource: ResourceSpec, record: ResourceRecord): string {
  const spec = resource.fields[resource.titleField];
  if (spec?.kind === 'reference') {
    return referenceTitleOf(record, resource.titleField, 'name') ?? String(record[resource.titleField] ?? '');
  }
  return String(record[resource.titleField] ?? '');
}

function routeParams(route: string): string[] {
  return route
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.replace(/^:/, '').replace(/\?$/, ''));
}

/** A view route with its params filled; segments after the first missing optional one are dropped. */
export function fillRoute(route: string, params: Readonly<Record<string, string | undefined>>): string {
  const parts: string[] = [];
  for (const segment of route.split('/')) {
    if (!segment.startsWith(':')) {
      parts.push(segment);
      continue;
    }
    const value = params[segment.replace(/^:/, '').replace(/\?$/, '')];
    if (!value) break;
    parts.push(encodeURIComponent(value));
  }
  return parts.join('/');
}

export function pluralOf(title: string): string {
  if (/[^aeiou]y$/i.test(title)) return `${title.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/i.test(title)) return `${title}es`;
  return `${title}s`;
}

/** A row action opening the records that point at a row ('States' on a country). */
export interface ChildLink {
  label: string;
  /** The PANEL_ROUTES path it opens, whose module and action gate it. */
  route: string;
  /** Relative to the panel base. */
  pathOf: (id: string) => string;
}

/**
 * The view's `detailRoute` becomes a 'Details' row action; then the views whose first route param
 * filters a reference to `resource` become row actions of its lists,
 * except in a view that is itself such a child list (sub-masters get no 'Values' of their own).
 */
export function childLinksOf(
  resource: ResourceSpec,
  view: ResourceView,
  all: readonly ResourceSpec[],
): ChildLink[] {
  const links: ChildLink[] = [];
  const [detailParam] = view.detailRoute ? routeParams(view.detailRoute) : [];
  if (view.detailRoute && detailParam) {
    const route = view.detailRoute;
    links.push({ label: 'Details', route, pathOf: (id) => fillRoute(route, { [detailParam]: id }) });
  }
  for (const child of all) {
    for (const childView of child.views) {
      const [first] = routeParams(childView.route);
      const field = first ? childView.paramFilters?.[first] : undefined;
      if (!first || !field || child.fields[field]?.references !== resource.name) continue;
      if (child === resource && Object.values(view.paramFilters ?? {}).includes(field)) continue;
      links.push({
        label: childView.linkLabel ?? pluralOf(child.title),
        route: childView.route,
        pathOf: (id) => fillRoute(childView.route, { [first]: id }),
      });
    }
  }
  return links;
}

/** The reference a view pins from its route (the master whose values a sub-master list shows). */
export function pinnedReferenceOf(
  resource: ResourceSpec,
  pinned: Readonly<Record<string, unknown>>,
): { key: string; references: string; id: string } | null {
  for (const [key, value] of Object.entries(pinned)) {
    const references = resource.fields[key]?.references;
    if (references && typeof value === 'string') return { key, references, id: value };
  }
  return null;
}
