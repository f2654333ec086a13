import { referenceTitleKey } from './field-rules.ts';
import type { ResourceSpec, ResourceView } from './resource.ts';

/** What happened to a record, as a toast and the server's answer say it. */
export type RecordOutcome = 'created' | 'saved' | 'deleted';

/** The text with a lower-case first letter: "Values" → "values". */
export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The text with an upper-case first letter: "show" → "Show". */
export function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A record's title in quotes, as messages name it: 'Winter collection', or "'Asir" in double quotes when
 * the title holds an apostrophe, so the quote marks stay readable.
 */
export function quotedTitle(title: string): string {
  return title.includes("'") ? `"${title}"` : `'${title}'`;
}

/** One record as a screen names it ("show" on the Show screen, "company"), in lower case. */
export function itemNameOf(resource: ResourceSpec, view?: ResourceView): string {
  return view?.itemName ?? resource.itemName ?? lowerFirst(resource.title);
}

/**
 * The item name of a record, or of the values a form starts from: that of the first view naming its
 * own item whose pinned values the record has (a record of content type "show" is a show).
 */
export function itemNameOfValues(resource: ResourceSpec, values: Readonly<Record<string, unknown>>): string {
  const view = resource.views.find(
    (candidate) =>
      candidate.itemName !== undefined &&
      candidate.fixedFilter !== undefined &&
      Object.entries(candidate.fixedFilter).every(([key, value]) => values[key] === value),
  );
  return itemNameOf(resource, view);
}

/** The record's title (its `titleField`; a reference's title), or '' when it has none. */
export function recordTitleText(resource: ResourceSpec, record: Readonly<Record<string, unknown>>): string {
  const key = resource.titleField;
  const value =
    resource.fields[key]?.kind === 'reference'
      ? (record[referenceTitleKey(key)] ?? record[key])
      : record[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** "Banner 'Winter collection' created.", or "Banner created." for a record without a title. */
export function recordOutcomeMessage(item: string, title: string, outcome: RecordOutcome): string {
  return title ? `${upperFirst(item)} ${quotedTitle(title)} ${outcome}.` : `${upperFirst(item)} ${outcome}.`;
}

/** What a create, save or delete of a resource's record answers, naming the record. */
export function resourceOutcomeMessage(
  resource: ResourceSpec,
  record: Readonly<Record<string, unknown>>,
  outcome: RecordOutcome,
): string {
  return recordOutcomeMessage(itemNameOfValues(resource, record), recordTitleText(resource, record), outcome);
}

/**
 * What a switch did, naming the record: "Country 'India' deactivated.", "Company 'Acme' approved.",
 * "Banner 'Winter': Show on home turned on."
 */
export function toggleOutcomeMessage(
  resource: ResourceSpec,
  record: Readonly<Record<string, unknown>>,
  field: string,
  on: boolean,
): string {
  const item = upperFirst(itemNameOfValues(resource, record));
  const title = recordTitleText(resource, record);
  const named = title ? `${item} ${quotedTitle(title)}` : item;
  const label = resource.fields[field]?.label ?? field;
  if (label === 'Active') return `${named} ${on ? 'activated' : 'deactivated'}.`;
  if (label === 'Approved') return `${named} ${on ? 'approved' : 'no longer approved'}.`;
  return `${named}: ${label} turned ${on ? 'on' : 'off'}.`;
}

/** "Edit show 'Winter gala'", or "Add show" for a new one. */
export function formTitleOf(item: string, title: string | null): string {
  if (title === null) return `Add ${item}`;
  return title ? `Edit ${item} ${quotedTitle(title)}` : `Edit ${item}`;
}
