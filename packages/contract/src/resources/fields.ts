/**
 * Field declarations of the resource engine. One declaration drives the database column, the payload
 * validation, the list column, the filter, the sort key, the search and the form input.
 */
export type FieldKind =
  | 'text'
  | 'longText'
  | 'integer'
  | 'decimal'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'reference'
  | 'image'
  | 'textList'
  | 'json';

/**
 * How a field filters a paginate body: `eq` one value or a list (on a `textList` field: rows holding any
 * of the values); `range` `{from, to}` (inclusive).
 */
export type FilterMode = 'eq' | 'range';

export interface FieldOption {
  value: string | number;
  label: string;
}

export interface FieldSpec {
  kind: FieldKind;
  label: string;
  required?: boolean;
  /** Text: maximum length. Numbers: bounds. */
  max?: number;
  min?: number;
  /** Decimal places kept for `decimal`. */
  scale?: number;
  /**
   * What a `decimal` measures, so that screens, exports and PDFs write it alike: money with its currency,
   * a percentage, a carat weight (resources/field-text.ts); for a `text`, `code`: a program's name for
   * something (an app's event, `open-stone`), read as words ("Open stone"); `timeZone`: an IANA zone
   * (`Europe/Brussels`), refused unless the runtime knows it, chosen in the form among the browser's zones
   * by city and offset (declared options would ship every zone of the world with the panel).
   */
  display?: 'money' | 'percent' | 'carat' | 'code' | 'timeZone';
  options?: readonly FieldOption[];
  /**
   * `reference`: the resource pointed at; its `titleField` labels the choice. `USER_REFERENCE` points
   * at a panel user (users are not a resource: they have screens of their own).
   */
  references?: string;
  /**
   * A reference to `master` narrowed to the values of the main master with this code (`SHAPE`,
   * `BUSINESS_TYPE`): the server refuses any other master, the form offers only these values.
   */
  masterCode?: string;
  /**
   * `reference`: fields of the referenced record answered beside its title, each under
   * `referenceDetailKey(field, detail)` (a featured stone's `stoneShape`, `stoneCarat`), listed and
   * exported after the reference's own column; a detail that is itself a reference answers its title.
   */
  details?: readonly string[];
  /** Value on create when the payload leaves the field out. */
  defaultValue?: string | number | boolean | null | readonly string[];
  /** Unique among live rows, case-insensitively for text. */
  unique?: boolean;
  /** Shown as a list column (default true for scalar kinds). */
  list?: boolean;
  filter?: FilterMode;
  sort?: boolean;
  /**
   * The generated table indexes a filtered, sorted or referencing field on its own unless this is
   * false: for a rarely searched field of a large table, where the index would cost every write and
   * serve few reads (a GIN index for a filtered `textList`).
   */
  index?: boolean;
  /** Matched by the paginate body's free-text `search`. */
  search?: boolean;
  /** In the create and edit form (default true). */
  form?: boolean;
  /**
   * `admin/common/boolean-status-update` may flip it (booleans only). `'details'`: only the record's own
   * screen flips it, behind a confirmation (a company's approval); the panel's list shows it read-only
   * and its form leaves it out, while the API still takes it (sync, seeds, other clients).
   */
  toggle?: boolean | 'details';
  /** Short help under the form input. */
  help?: string;
  /**
   * Text holding a link that the panel, the website or the apps open (`image` fields always do): it may
   * be an http(s) address, or a path or file name without a scheme (an upload's `/files/...`, a stock
   * file's certificate file name); `web-or-app` also takes the apps' own `app://` deep links. Any other
   * scheme (`javascript:`, `data:`) and protocol-relative `//host` addresses are refused.
   */
  link?: LinkRule;
}

export type LinkRule = 'web' | 'web-or-app';

type Options = Omit<FieldSpec, 'kind' | 'label'>;

/**
 * A field as declared: its kind and options keep their literal types (`required: true`, the option
 * values), from which RecordOf types the record.
 */
type NoOptions = Record<never, never>;

export type FieldOf<K extends FieldKind, O extends Options = NoOptions> = FieldSpec & { kind: K } & O;

const make =
  <const K extends FieldKind>(kind: K) =>
  <const O extends Options = NoOptions>(label: string, options: O = {} as O): FieldOf<K, O> => ({
    kind,
    label,
    ...options,
  });

/** Builders, so a declaration reads as a list of labelled fields. */
export const field = {
  text: make('text'),
  longText: make('longText'),
  integer: make('integer'),
  decimal: make('decimal'),
  boolean: make('boolean'),
  date: make('date'),
  datetime: make('datetime'),
  image: make('image'),
  textList: make('textList'),
  json: make('json'),
  /** A text field holding a link (see FieldSpec `link`): `field.url('Website', { max: 255 })`. */
  url: <const O extends Options = NoOptions>(label: string, rest: O = {} as O) =>
    ({ kind: 'text', label, link: 'web', ...rest }) as FieldOf<'text', { link: 'web' } & O>,
  enum: <const V extends readonly FieldOption[], const O extends Options = NoOptions>(
    label: string,
    options: V,
    rest: O = {} as O,
  ) => ({ kind: 'enum', label, options, ...rest }) as FieldOf<'enum', { options: V } & O>,
  reference: <const O extends Options = NoOptions>(label: string, references: string, rest: O = {} as O) =>
    ({ kind: 'reference', label, references, ...rest }) as FieldOf<'reference', { references: string } & O>,
  /** A value of one main master: `field.masterValue('Shape', 'SHAPE')`. */
  masterValue: <const O extends Options = NoOptions>(label: string, masterCode: string, rest: O = {} as O) =>
    ({ kind: 'reference', label, references: 'master', masterCode, ...rest }) as FieldOf<
      'reference',
      { references: string; masterCode: string } & O
    >,
  /** A panel user. */
  user: <const O extends Options = NoOptions>(label: string, rest: O = {} as O) =>
    ({ kind: 'reference', label, references: USER_REFERENCE, ...rest }) as FieldOf<
      'reference',
      { references: string } & O
    >,
} as const;

/** `references` of a field pointing at a panel user (a sales person, an assignee). */
export const USER_REFERENCE = 'user';
