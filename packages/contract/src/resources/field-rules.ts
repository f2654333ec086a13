import type { FieldSpec, LinkRule } from './fields.ts';
import type { ResourceSpec } from './resource.ts';

// The resource engine's rules that need no schema, apart from schemas.ts and free of zod, so that a list
// screen reading them does not download zod and every schema with them (docs/performance.md).

export const RESOURCE_MESSAGES = {
  required: (label: string) => `Please input ${label.toLowerCase()}!`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  tooSmall: (label: string, min: number) => `${label} must be at least ${min}.`,
  tooLarge: (label: string, max: number) => `${label} must be at most ${max}.`,
  notANumber: (label: string) => `${label} must be a number.`,
  notAnInteger: (label: string) => `${label} must be a whole number.`,
  invalidOption: (label: string) => `Choose a valid ${label.toLowerCase()}.`,
  invalidDate: (label: string) => `${label} must be a valid date.`,
  invalidReference: (label: string) => `Choose a valid ${label.toLowerCase()}.`,
  notAList: (label: string) => `${label} must be a list of values.`,
  unsafeLink: (label: string, rule: LinkRule) =>
    rule === 'web-or-app'
      ? `${label} must be an http(s) address, a page of the site (/...) or an app link (app://...).`
      : `${label} must be an uploaded file or an http(s) address.`,
  duplicate: (label: string) => `This ${label.toLowerCase()} is already used.`,
  rangeOrder: 'The start of the range must not be after its end.',
  created: 'Record created.',
  updated: 'Record updated.',
  deleted: 'Record deleted.',
  statusUpdated: 'Status updated.',
  sequenceUpdated: 'Order saved.',
  notFound: 'Record not found.',
  unknownModel: 'Unknown model.',
  fieldNotToggleable: 'This field cannot be toggled.',
} as const;

/**
 * Browsers drop tabs and newlines anywhere in a URL, and other controls and spaces around it, before
 * reading its scheme (`java\tscript:` is `javascript:`); dropping them all errs on the safe side.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what it removes
const URL_IGNORED = /[\u0000-\u0020\u007f]+/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** `//host` and its backslash spellings, which browsers read as another host. */
const PROTOCOL_RELATIVE = /^[\\/]{2}/;

/**
 * Whether a link field may hold `value`: http(s), or no scheme at all (a path, a file name); with
 * `web-or-app`, also the apps' `app://` deep links. Nothing that a click could run (`javascript:`,
 * `data:text/html`, `vbscript:`), and no protocol-relative address.
 */
export function isSafeLink(value: string, rule: LinkRule): boolean {
  const seen = value.replace(URL_IGNORED, '');
  if (PROTOCOL_RELATIVE.test(seen)) return false;
  const scheme = SCHEME.exec(seen)?.[1]?.toLowerCase();
  if (scheme === undefined) return true;
  return scheme === 'http' || scheme === 'https' || (rule === 'web-or-app' && scheme === 'app');
}

/** What a field holds that is a link: declared by `link`, and always for `image` fields. */
export function linkRuleOf(spec: FieldSpec): LinkRule | undefined {
  return spec.link ?? (spec.kind === 'image' ? 'web' : undefined);
}

/**
 * Booleans and lists are stored NOT NULL (false, the empty list): a client's null for them is refused
 * rather than reaching the column.
 */
export function takesNull(spec: FieldSpec): boolean {
  return !spec.required && spec.kind !== 'boolean' && spec.kind !== 'textList';
}

/** Most codes a code filter takes at once: a pasted column of a stock sheet. */
export const MAX_FILTER_CODES = 5000;

/** Most ids the `id` filter takes at once (ResourceSpec `idFilter`): a selection of rows. */
export const MAX_FILTER_IDS = 5000;

/** The codes of a code filter's value: a list, or one pasted string split at commas, spaces and lines. */
export function codesOf(value: string | readonly string[]): string[] {
  const parts = typeof value === 'string' ? value.split(/[\s,;]+/) : value;
  return [...new Set(parts.map((part) => part.trim()).filter((part) => part !== ''))];
}

/** Whether a field is a list column until a user hides it: as declared, else anything but JSON. */
export function isListedField(spec: FieldSpec): boolean {
  return spec.list ?? spec.kind !== 'json';
}

export function sortKeysOf(resource: ResourceSpec): string[] {
  return [
    ...Object.entries(resource.fields)
      .filter(([, spec]) => spec.sort)
      .map(([key]) => key),
    'createdAt',
    'updatedAt',
  ];
}

/** Spreadsheet formats of an export. */
export const SHEET_FORMATS = ['xlsx', 'csv'] as const;
/**
 * What the engine's `{api}/export` answers: the spreadsheets, or a printable list (A4 landscape, with
 * the count and totals).
 */
export const LIST_EXPORT_FORMATS = ['xlsx', 'csv', 'pdf'] as const;

/**
 * The key under which a record also answers the title of the row a reference field points at:
 * `countryId` → `countryTitle`, `parentId` → `parentTitle` (a key not ending in `Id` gets `Title` added).
 * Null when the reference is empty.
 */
export function referenceTitleKey(field: string): string {
  return `${field.endsWith('Id') ? field.slice(0, -2) : field}Title`;
}

/**
 * The key under which a record answers one detail of the row a reference points at (FieldSpec
 * `details`): `stoneId` + `shapeId` → `stoneShape`, `stoneId` + `carat` → `stoneCarat`.
 */
export function referenceDetailKey(field: string, detail: string): string {
  const base = field.endsWith('Id') ? field.slice(0, -2) : field;
  const name = detail.endsWith('Id') ? detail.slice(0, -2) : detail;
  return `${base}${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/**
 * A row as the server answers it: `id`, the system fields as ISO strings, every declared field by its
 * key (decimals as numbers, dates `YYYY-MM-DD`, datetimes ISO), and for each reference field the
 * referenced row's title under `referenceTitleKey(field)`.
 */
export interface ResourceRecord {
  id: string;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  updatedBy: string | null;
  [field: string]: unknown;
}
