import type { FieldKind, FieldSpec, LinkRule } from './fields.ts';
import type { ResourceSpec } from './resource.ts';

// The resource engine's rules that need no schema, apart from schemas.ts and free of zod, so that a list
// screen reading them does not download zod and every schema with them (docs/performance.md).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the text is a record id (a uuid), as the database stores them. */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}

/**
 * The field's label inside a sentence: lower case but for an abbreviation ("ISO code", "URL").
 * Messages name the field by the label the screen shows.
 */
function labelInSentence(label: string): string {
  return /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/** "a name", "an e-mail", "an ISO code"; a plural label takes none ("carats", "remarks"). */
function withArticle(noun: string): string {
  if (/[^sui]s$/i.test(noun)) return noun;
  return `${/^(?:[aeio]|un|hour)/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** "the from date", "the expiry date": a date field named as a date. */
function dateNoun(label: string): string {
  const noun = labelInSentence(label);
  return /date/i.test(noun) ? noun : `${noun} date`;
}

/** How an empty required field asks for its value, by what its input is. */
function requiredMessage(label: string, kind: FieldKind): string {
  const noun = labelInSentence(label);
  switch (kind) {
    case 'enum':
    case 'reference':
      return `Choose ${withArticle(noun)}.`;
    case 'date':
    case 'datetime':
      return `Choose the ${dateNoun(label)}.`;
    case 'image':
      return `Upload ${withArticle(noun)}.`;
    case 'textList':
      return `Enter at least one ${noun}.`;
    default:
      return `Enter ${withArticle(noun)}.`;
  }
}

/**
 * One plain voice: an instruction in sentence case, ending with a full stop, naming the field by the
 * label the screen shows.
 */
export const RESOURCE_MESSAGES = {
  required: (label: string, kind: FieldKind = 'text') => requiredMessage(label, kind),
  tooLong: (_label: string, max: number) => `At most ${max} characters.`,
  tooSmall: (label: string, min: number) =>
    `Enter ${withArticle(labelInSentence(label))} of at least ${min}.`,
  tooLarge: (label: string, max: number) => `Enter ${withArticle(labelInSentence(label))} of at most ${max}.`,
  between: (label: string, min: number, max: number) =>
    `Enter ${withArticle(labelInSentence(label))} between ${min} and ${max}.`,
  notANumber: (label: string) => `Enter the ${labelInSentence(label)} as a number.`,
  notAnInteger: (label: string) => `Enter the ${labelInSentence(label)} as a whole number.`,
  invalidOption: (label: string) => `Choose ${withArticle(labelInSentence(label))} from the list.`,
  invalidDate: (label: string) => `Choose a valid ${dateNoun(label)}.`,
  invalidReference: (label: string) => `Choose ${withArticle(labelInSentence(label))} from the list.`,
  notAList: (label: string) => `Enter the ${labelInSentence(label)} as a list of values.`,
  unsafeLink: (label: string, rule: LinkRule) =>
    rule === 'web-or-app'
      ? `Enter the ${labelInSentence(label)} as an http(s) address, a page of the site (/...) or an app link (app://...).`
      : `Upload a file or enter an http(s) address for the ${labelInSentence(label)}.`,
  duplicate: (label: string) => `Enter another ${labelInSentence(label)}: this one is already used.`,
  rangeOrder: 'Enter a start that is not after the end.',
  /** A declared range (ResourceSpec `ranges`) whose end comes before its start: said on the end. */
  rangeReversed: (from: string, to: string, kind: FieldKind) =>
    kind === 'date' || kind === 'datetime'
      ? `Choose ${withArticle(dateNoun(to))} that is not before the ${dateNoun(from)}.`
      : `Enter ${withArticle(labelInSentence(to))} that is not below the ${labelInSentence(from)}.`,
  /** A record others point at: what uses it ("3 companies and 2 states"), so they can be moved first. */
  inUse: (record: string, uses: string, count: number) =>
    `${record} is used by ${uses}. Remove or move ${count === 1 ? 'it' : 'them'} first.`,
  chooseTimeZone: (label: string) => `Choose a ${label.toLowerCase()} from the list.`,
  unknownTimeZone: 'Unknown time zone: send an IANA zone such as Europe/London.',
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

/** A value of a range's bound as a number to compare: numbers as they are, dates and times by their time. */
function boundOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return value.getTime();
  if (typeof value !== 'string') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/**
 * The declared ranges (ResourceSpec `ranges`) of `values` whose `to` is below their `from`, each as an
 * error on its `to` field. A range with either end empty or unreadable is left to the fields' own rules.
 */
export function rangeErrors(
  resource: ResourceSpec,
  values: Readonly<Record<string, unknown>>,
): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  for (const range of resource.ranges ?? []) {
    const from = boundOf(values[range.from]);
    const to = boundOf(values[range.to]);
    if (from === null || to === null || to >= from) continue;
    const fromSpec = resource.fields[range.from] as FieldSpec;
    const toSpec = resource.fields[range.to] as FieldSpec;
    errors.push({
      field: range.to,
      message: RESOURCE_MESSAGES.rangeReversed(fromSpec.label, toSpec.label, toSpec.kind),
    });
  }
  return errors;
}
