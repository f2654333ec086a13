import { MAX_FILTER_CODES, stoneResource } from '@facet/contract';
import type {
  FilterSpec,
  FilterValue,
  ListParams,
  PaginateBody,
  RangeValue,
} from '../platform/lists/list-params.ts';

/**
 * The stock search's filter as the URL keeps it and as `apis/diamond/paginate` takes it. Pure, so the
 * round trip URL ↔ form ↔ request body is tested without the screen. Keys are the stone filter keys of
 * spec section 3, which are also the stone's field keys in the contract.
 */

/** A filter on the values of one stock master, chosen by id. */
export interface GradeFilter {
  key: string;
  label: string;
  /** The main master whose values are offered (`SHAPE`, `COLOR`). */
  code: string;
}

/** A number range; `from`/`to` are the request's keys unless the filter spreads over two fields. */
export interface RangeFilter {
  key: string;
  label: string;
  /** Input step, for the arrows of the number boxes. */
  step: number;
}

function gradeOf(key: string, label?: string): GradeFilter {
  const spec = stoneResource.fields[key];
  if (!spec?.masterCode) throw new Error(`stone field ${key} is not a master value`);
  return { key, label: label ?? spec.label, code: spec.masterCode };
}

function rangeOf(key: string, step: number, label?: string): RangeFilter {
  const spec = stoneResource.fields[key];
  if (spec?.filter !== 'range') throw new Error(`stone field ${key} is not a range filter`);
  return { key, label: label ?? spec.label, step };
}

/** Grades a trader clicks through as rows of toggle buttons, in the masters' sequence. */
export const BUTTON_GRADES: readonly GradeFilter[] = [
  gradeOf('shapeId'),
  gradeOf('colorId'),
  gradeOf('clarityId'),
  gradeOf('cutId'),
  gradeOf('polishId'),
  gradeOf('symmetryId'),
  gradeOf('fluorescenceId'),
  gradeOf('labId'),
];

/** Grades with long value lists, offered as multi-selects. */
export const SELECT_GRADES: readonly GradeFilter[] = [gradeOf('locationId')];

/** The "More" section: the less common grades. */
export const MORE_GRADES: readonly GradeFilter[] = [
  gradeOf('fancyColor'),
  gradeOf('fancyColorIntensity'),
  gradeOf('fancyColorOvertone'),
  gradeOf('colorShadeId'),
  gradeOf('milkeyId'),
  gradeOf('eyeCleanId'),
  gradeOf('hAndAId'),
  gradeOf('roughOriginId'),
  gradeOf('blackInclusionTableId'),
  gradeOf('blackInclusionSideId'),
  gradeOf('blackInclusionCrownId'),
  gradeOf('whiteInclusionTableId'),
  gradeOf('whiteInclusionSideId'),
  gradeOf('whiteInclusionCrownId'),
  gradeOf('openInclusionTableId'),
  gradeOf('openInclusionCrownId'),
  gradeOf('openInclusionPavilionId'),
  gradeOf('openInclusionGirdleId'),
];

/** Key to symbols is a list of names on the stone, so its filter takes names, not ids. */
export const KEY_TO_SYMBOL = { key: 'keyToSymbol', label: 'Key to symbols', code: 'KEY_TO_SYMBOLS' } as const;

/**
 * The diameter a trader types is one range over both diameters: a stone is in when its smallest
 * diameter is at least `from` and its largest at most `to`.
 */
export const DIAMETER_KEY = 'diameter';

export const MAIN_RANGES: readonly RangeFilter[] = [
  rangeOf('carat', 0.01),
  rangeOf('marketingPricePerCarat', 100, 'Price/ct (USD)'),
  rangeOf('marketingBack', 1, 'Discount %'),
  rangeOf('totalDepth', 0.1),
  rangeOf('tablePer', 0.1),
  rangeOf('ratio', 0.01),
  { key: DIAMETER_KEY, label: 'Diameter (mm)', step: 0.01 },
];

export const MORE_RANGES: readonly RangeFilter[] = [
  rangeOf('girdlePer', 0.1),
  rangeOf('cAngle', 0.1),
  rangeOf('pAngle', 0.1),
  rangeOf('amount', 100),
];

export const STATUS_KEY = 'status';
/** The trade show a stone is displayed at, and its number in the show's catalogue. */
export const SHOW_KEY = 'showIdName';
export const SHOW_SERIAL_KEY = 'showSrNo';
/** Stock or report numbers, kept in the URL as one comma-separated value. */
export const STONE_ID_KEY = 'stoneId';
/** New Arrivals: stones that arrived within this many days. */
export const NEW_ARRIVALS_KEY = 'newArrivals';
export const NEW_ARRIVALS_DAYS = 7;

export const ALL_GRADES: readonly GradeFilter[] = [...BUTTON_GRADES, ...SELECT_GRADES, ...MORE_GRADES];
export const ALL_RANGES: readonly RangeFilter[] = [...MAIN_RANGES, ...MORE_RANGES];

/** How each key reads from the URL (see platform/lists/list-params.ts). */
export const STONE_FILTER_SPEC: FilterSpec = {
  ...Object.fromEntries(ALL_GRADES.map((grade) => [grade.key, 'strings'])),
  ...Object.fromEntries(ALL_RANGES.map((range) => [range.key, 'numberRange'])),
  [KEY_TO_SYMBOL.key]: 'strings',
  [STATUS_KEY]: 'strings',
  [SHOW_KEY]: 'string',
  [SHOW_SERIAL_KEY]: 'number',
  [STONE_ID_KEY]: 'string',
  [NEW_ARRIVALS_KEY]: 'number',
};

/** Keys shown in the collapsible "More" section: it opens by itself when one of them is set. */
export const MORE_KEYS: ReadonlySet<string> = new Set([
  ...MORE_GRADES.map((grade) => grade.key),
  ...MORE_RANGES.map((range) => range.key),
  KEY_TO_SYMBOL.key,
  STATUS_KEY,
  SHOW_KEY,
  SHOW_SERIAL_KEY,
]);

/** Most numbers one search takes from the paste box (the server's limit of a code filter). */
export const MAX_STONE_NUMBERS = MAX_FILTER_CODES;

/**
 * Stock or report numbers pasted from anywhere (a mail, a spreadsheet column): separated by commas,
 * semicolons, spaces or new lines; duplicates (ignoring case) and blanks dropped, order kept.
 */
export function parseStoneNumbers(text: string): string[] {
  const seen = new Set<string>();
  const numbers: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const number = part.trim();
    if (!number || seen.has(number.toUpperCase())) continue;
    seen.add(number.toUpperCase());
    numbers.push(number);
  }
  return numbers.slice(0, MAX_STONE_NUMBERS);
}

/** `YYYY-MM-DD` of a local day. */
export function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function daysBefore(today: Date, days: number): Date {
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  day.setDate(day.getDate() - days);
  return day;
}

function isRange(value: FilterValue | undefined): value is RangeValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The request filter of the URL's: ids and ranges as they are, the pasted numbers as a list, the
 * diameter over both diameter fields, and New Arrivals as an arrival date from `today` back.
 */
export function stoneRequestFilter(
  filter: Readonly<Record<string, FilterValue>>,
  today: Date,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key === STONE_ID_KEY) {
      const numbers = parseStoneNumbers(String(value));
      if (numbers.length > 0) body[STONE_ID_KEY] = numbers;
    } else if (key === NEW_ARRIVALS_KEY) {
      if (typeof value === 'number' && value > 0) {
        body.marketingIssueDate = { from: isoDay(daysBefore(today, value)) };
      }
    } else if (key === DIAMETER_KEY) {
      if (!isRange(value)) continue;
      if (value.from !== undefined) body.diameterMin = { from: value.from };
      if (value.to !== undefined) body.diameterMax = { to: value.to };
    } else {
      body[key] = value;
    }
  }
  return body;
}

/** The paginate body of the search: the page, the request filter and the sort. */
export function stoneSearchBody(params: ListParams, today: Date): PaginateBody {
  const filter = stoneRequestFilter(params.filter, today);
  return {
    page: params.page,
    limit: params.limit,
    ...(params.search ? { search: params.search } : {}),
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
    ...(params.sort ? { sort: { [params.sort.key]: params.sort.direction } } : {}),
  };
}

/**
 * A click on a grade button: toggles the value; with Shift, adds the whole run from the last clicked
 * value to this one, in the masters' order (D to H is D, E, F, G, H). Answers the selection in that order.
 */
export function clickGrade(
  order: readonly string[],
  selected: readonly string[],
  clicked: string,
  anchor: string | null,
  extend: boolean,
): string[] {
  const chosen = new Set(selected);
  const from = anchor === null ? -1 : order.indexOf(anchor);
  const to = order.indexOf(clicked);
  if (extend && from >= 0 && to >= 0) {
    for (const id of order.slice(Math.min(from, to), Math.max(from, to) + 1)) chosen.add(id);
  } else if (chosen.has(clicked)) chosen.delete(clicked);
  else chosen.add(clicked);
  const ordered = order.filter((id) => chosen.has(id));
  // Values no longer offered (a master value made inactive) stay chosen until cleared.
  return [...ordered, ...[...chosen].filter((id) => !order.includes(id))];
}

/** The same filter gives the same key, whatever order its keys and range ends were set in. */
export function filterKey(filter: Readonly<Record<string, FilterValue>>): string {
  const canonical = Object.keys(filter)
    .sort()
    .map((key) => {
      const value = filter[key];
      return [key, isRange(value) ? [value.from ?? null, value.to ?? null] : value];
    });
  return JSON.stringify(canonical);
}
