import type { ResourceRecord, ResourceSpec, ResourceView } from '@facet/contract';

/**
 * Views whose route is a record's own form (`banner/upsert/:id?`) rather than a list: the id, when
 * present, names the record the form opens. Pure and typed against the contract only.
 */
const FORM_SUFFIX = '/upsert/:id?';

export function isFormView(view: Pick<ResourceView, 'route'>): boolean {
  return view.route.endsWith(FORM_SUFFIX);
}

/**
 * Where a form view goes back to: the list view its route extends (`show` for `show/upsert/:id?`),
 * else the resource's first list view.
 */
export function listViewOf(resource: ResourceSpec, formView: ResourceView): ResourceView | undefined {
  const root = formView.route.slice(0, -FORM_SUFFIX.length);
  const lists = resource.views.filter((view) => !isFormView(view));
  return lists.find((view) => view.route === root) ?? lists[0];
}

/**
 * Whether a record belongs to a view: it holds every value the view fixes (a popup is no show, though
 * both are news and events). An id of another view's record is, for this view, no record at all.
 */
export function recordFitsView(view: Pick<ResourceView, 'fixedFilter'>, record: ResourceRecord): boolean {
  return Object.entries(view.fixedFilter ?? {}).every(([field, value]) => record[field] === value);
}
