/**
 * Reading one cell of a stock file. A cell is what the CSV parser or the XLSX reader gives: text,
 * a number, a date or a boolean. Each reader answers the value, `null` for an empty cell, or
 * `INVALID` when the cell holds something that is not a value of its kind.
 */
export type Cell = string | number | boolean | Date | null;

export const INVALID = Symbol('invalid');
export type Parsed<T> = T | null | typeof INVALID;

/** Placeholders files write for "no value". */
const EMPTY_TOKENS = new Set(['', '-', '--', '—', 'n/a', '#n/a', 'null', 'nil']);

/** No placeholder is longer than this, spaces around it included: longer text is a value. */
const LONGEST_EMPTY_TOKEN = 8;

export function isEmptyCell(cell: Cell | undefined): boolean {
  if (cell === null || cell === undefined) return true;
  if (typeof cell === 'string') {
    return cell.length <= LONGEST_EMPTY_TOKEN && EMPTY_TOKENS.has(cell.trim().toLowerCase());
  }
  if (typeof cell === 'number') return Number.isNaN(cell);
  return false;
}

/** The cell as the text a person sees (for text fields and for messages). */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

export function parseText(cell: Cell | undefined): string | null {
  return isEmptyCell(cell) ? null : cellText(cell);
}

/** `1.01`, `-0.30`: most cells, read without the clean-up below. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const THOUSANDS = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/;

/**
 * `1.01`, `1,01` (decimal comma), `12,500` and `12,500.50` (thousands), `$7,000`, `-30%`, `−0.30`
 * (a typographic minus). Commas are thousands separators when they group three digits.
 */
export function parseNumber(cell: Cell | undefined): Parsed<number> {
  if (isEmptyCell(cell)) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : INVALID;
  if (typeof cell !== 'string') return INVALID;
  if (PLAIN_NUMBER.test(cell)) return Number(cell);
  let text = cell
    .trim()
    .replace(/[\u2212\u2012\u2013]/g, '-')
    .replace(/^\$\s*|\s*%$/g, '')
    .replace(/\s+/g, '');
  if (text.includes(',')) {
    if (text.includes('.') || THOUSANDS.test(text)) text = text.replace(/,/g, '');
    else if (/^[+-]?\d+,\d+$/.test(text)) text = text.replace(',', '.');
  }
  if (!NUMBER.test(text)) return INVALID;
  const value = Number(text);
  return Number.isFinite(value) ? value : INVALID;
}

/** Whether the cell was written as a percentage (`-30%`): such a discount column is not fractional. */
export function hasPercentSign(cell: Cell | undefined): boolean {
  return typeof cell === 'string' && cell.trim().endsWith('%');
}

export interface Measurements {
  length: number;
  width: number;
  depth: number;
}

const MEASUREMENT_SEPARATOR = /\s*[x×*X\-–]\s*|\s+/;

/** `4.42x4.44x2.58`, `4.42-4.44*2.58`, `4.42 X 4.44 X 2.58`, `4.42 × 4.44 × 2.58`: length, width, depth. */
export function splitMeasurements(cell: Cell | undefined): Parsed<Measurements> {
  if (isEmptyCell(cell)) return null;
  if (typeof cell !== 'string') return INVALID;
  const text = cell.trim().replace(/\s*mm$/i, '');
  const parts = text.split(MEASUREMENT_SEPARATOR).filter((part) => part !== '');
  if (parts.length !== 3) return INVALID;
  const numbers = parts.map((part) => (NUMBER.test(part) ? Number(part) : Number.NaN));
  if (numbers.some((value) => !Number.isFinite(value) || value <= 0)) return INVALID;
  const [length = 0, width = 0, depth = 0] = numbers;
  return { length, width, depth };
}

/**
 * Decides whether a file writes its discount as a fraction (−0.30 for 30 % below list). The decision
 * is for the whole column: fractional when every value is within −1..1 and none has a % sign.
 */
export class DiscountScale {
  #seen = 0;
  #fractional = true;

  observe(cell: Cell | undefined): void {
    const value = parseNumber(cell);
    if (value === null || value === INVALID) return;
    this.#seen += 1;
    if (value < -1 || value > 1 || hasPercentSign(cell)) this.#fractional = false;
  }

  /** Once false, no later value can make it true: a scan may stop. */
  get fractional(): boolean {
    return this.#seen > 0 && this.#fractional;
  }

  get settled(): boolean {
    return !this.#fractional;
  }
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const daysIn = (year: number, month: number) =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;
const two = (value: number) => (value < 10 ? `0${value}` : String(value));

function isoDate(year: number, month: number, day: number): Parsed<string> {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) {
    return INVALID;
  }
  return `${year}-${two(month)}-${two(day)}`;
}

function monthOf(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

/**
 * A date as `YYYY-MM-DD`: `2024-01-31` (a time after it is dropped), `2024/01/31`, `01/31/2024` (month
 * first, as RapNet writes; day first when the first number cannot be a month), `31.01.2024`,
 * `31-Jan-2024`, `Jan 31, 2024`, or a spreadsheet date.
 */
export function parseDate(cell: Cell | undefined): Parsed<string> {
  if (isEmptyCell(cell)) return null;
  if (cell instanceof Date) {
    return Number.isNaN(cell.getTime()) ? INVALID : cell.toISOString().slice(0, 10);
  }
  if (typeof cell !== 'string') return INVALID;
  const text = cell.trim();
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T\s].*)?$/.exec(text);
  if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (match) {
    const [first, second, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    return first > 12 ? isoDate(year, second, first) : isoDate(year, first, second);
  }
  match = /^(\d{1,2})[.-](\d{1,2})[.-](\d{4})$/.exec(text);
  if (match) return isoDate(Number(match[3]), Number(match[2]), Number(match[1]));
  match = /^(\d{1,2})[\s-]([A-Za-z]{3,9})[\s,-]+(\d{4})$/.exec(text);
  if (match && monthOf(match[2] ?? '') > 0) {
    return isoDate(Number(match[3]), monthOf(match[2] ?? ''), Number(match[1]));
  }
  match = /^([A-Za-z]{3,9})\s+(\d{1,2}),?\s+(\d{4})$/.exec(text);
  if (match && monthOf(match[1] ?? '') > 0) {
    return isoDate(Number(match[3]), monthOf(match[1] ?? ''), Number(match[2]));
  }
  return INVALID;
}

const TRUE_WORDS = new Set(['y', 'yes', 'true', '1']);
const FALSE_WORDS = new Set(['n', 'no', 'false', '0']);

export function parseBoolean(cell: Cell | undefined): Parsed<boolean> {
  if (isEmptyCell(cell)) return null;
  if (typeof cell === 'boolean') return cell;
  const word = cellText(cell).toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return INVALID;
}

/** `Crystal, Feather; Cloud` → the list of symbols. */
export function splitList(cell: Cell | undefined): string[] | null {
  if (isEmptyCell(cell)) return null;
  const items = cellText(cell)
    .split(/[,;|]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return items.length > 0 ? items : null;
}

/** What an availability cell means for a stone: its status (when it says one) and whether it is shown. */
export interface Availability {
  status: string | null;
  isActive: boolean;
}

const squash = (text: string) => text.toUpperCase().replace(/[^A-Z]/g, '');

/**
 * RapNet availability: G guaranteed and STPS subject to prior sale are available, M on memo, NA hidden
 * (status kept). A stock status code or name (A, H, Hold, Upcoming, ...) is also understood.
 */
const AVAILABILITY: ReadonlyMap<string, Availability> = new Map<string, Availability>([
  ...[
    'G',
    'GA',
    'GUARANTEED',
    'GUARANTEEDAVAILABLE',
    'GUARANTEEDAVAILABILITY',
    'STPS',
    'SUBJECTTOPRIORSALE',
  ].map((word) => [word, { status: 'A', isActive: true }] as const),
  ...['M', 'MEMO', 'ONMEMO', 'OUTONMEMO'].map((word) => [word, { status: 'M', isActive: true }] as const),
  ...['NA', 'N', 'NOTAVAILABLE', 'UNAVAILABLE'].map(
    (word) => [word, { status: null, isActive: false }] as const,
  ),
  ...(
    [
      ['A', 'AVAILABLE'],
      ['H', 'HOLD'],
      ['O', 'OFFER'],
      ['S', 'SHOW'],
      ['B', 'BID'],
      ['U', 'UPCOMING'],
      ['D', 'STONEOFTHEDAY'],
    ] as const
  ).flatMap(([code, name]) => [
    [code, { status: code, isActive: true }] as const,
    [name, { status: code, isActive: true }] as const,
  ]),
]);

export function parseAvailability(cell: Cell | undefined): Parsed<Availability> {
  if (cell === null || cell === undefined || cellText(cell) === '') return null;
  return AVAILABILITY.get(squash(cellText(cell))) ?? INVALID;
}
