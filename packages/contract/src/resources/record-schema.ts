import { z } from 'zod';
import { referenceDetailKey, referenceTitleKey } from './field-rules.ts';
import type { FieldSpec } from './fields.ts';
import type { ResourceSpec } from './resource.ts';

/** What the reading of the catalogue answers for a resource name (a reference's target). */
export type ResourceLookup = (name: string) => ResourceSpec | undefined;

type Stem<K extends string> = K extends `${infer Base}Id` ? Base : K;
/** `countryId` → `countryTitle`, as referenceTitleKey() spells it. */
type TitleKey<K extends string> = `${Stem<K>}Title`;
/** `stoneId` + `shapeId` → `stoneShape`, as referenceDetailKey() spells it. */
type DetailKey<K extends string, D extends string> = `${Stem<K>}${Capitalize<Stem<D>>}`;

type OptionValue<F> = F extends { options: readonly (infer O)[] }
  ? O extends { value: infer V }
    ? V
    : never
  : string | number;

/** The value of a field of kind K as a record answers it, before null (each kind of a union apart). */
type KindValue<K, F> = K extends 'integer' | 'decimal'
  ? number
  : K extends 'boolean'
    ? boolean
    : K extends 'enum'
      ? OptionValue<F>
      : K extends 'textList'
        ? string[]
        : K extends 'json'
          ? unknown
          : string;
type ValueOfKind<F extends FieldSpec> = KindValue<F['kind'], F>;

/** Booleans and lists are stored NOT NULL, as are required fields; the rest may be null. */
type FieldValue<F extends FieldSpec> = F['kind'] extends 'boolean' | 'textList'
  ? ValueOfKind<F>
  : F extends { required: true }
    ? ValueOfKind<F>
    : ValueOfKind<F> | null;

type Fields<R extends ResourceSpec> = R['fields'];

/** A declared key: not the index signature a declaration read as any ResourceSpec also has. */
type Declared<K> = K extends string ? (string extends K ? never : K) : never;

type ReferenceTitles<R extends ResourceSpec> = {
  [K in keyof Fields<R> as Fields<R>[K] extends { kind: 'reference' } ? TitleKey<Declared<K>> : never]:
    | string
    | null;
};

type DetailsOf<F> = F extends { kind: 'reference'; details: readonly (infer D extends string)[] } ? D : never;

/** A detail reads a field of another resource: typed by the catalogue at run time, unknown here. */
type ReferenceDetails<R extends ResourceSpec> = {
  [K in keyof Fields<R> as DetailKey<Declared<K>, DetailsOf<Fields<R>[K]>>]: unknown;
};

/** The columns every record has, read-only to clients. */
export interface SystemFieldsOf {
  id: string;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  updatedBy: string | null;
}

/**
 * The record of a resource as the server answers it (see ResourceRecord): text, dates and images as
 * strings, numbers as numbers, an enum as one of its option values, a reference as the id with the
 * title of the row it points at under `referenceTitleKey(field)`, null where the column takes it.
 * `RecordOf<typeof countryResource>` has `name: string` and `currency: string | null`.
 */
export type RecordOf<R extends ResourceSpec> = SystemFieldsOf & {
  -readonly [K in keyof Fields<R>]: FieldValue<Fields<R>[K]>;
} & ReferenceTitles<R> &
  ReferenceDetails<R>;

const systemShape = {
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
};

/** Any resource's record, its own fields unchecked: the answer of a call that names its resource. */
export const anyRecordSchema = z.looseObject(systemShape);

/** Stored as integers when every option is a number, as text otherwise (see the generated table). */
function optionValues(spec: FieldSpec): (string | number)[] {
  const values = (spec.options ?? []).map((option) => option.value);
  return values.every((value) => typeof value === 'number') ? values : values.map(String);
}

function kindSchema(spec: FieldSpec): z.ZodType {
  switch (spec.kind) {
    case 'integer':
    case 'decimal':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'enum': {
      const literals = optionValues(spec).map((value) => z.literal(value));
      const [first, ...rest] = literals;
      if (!first) return z.union([z.string(), z.number()]);
      return rest.length > 0 ? z.union([first, ...rest]) : first;
    }
    case 'textList':
      return z.array(z.string());
    case 'json':
      return z.unknown();
    default:
      return z.string();
  }
}

/** The answered value of one field, as FieldValue types it. */
export function fieldValueSchema(spec: FieldSpec): z.ZodType {
  const value = kindSchema(spec);
  if (spec.kind === 'boolean' || spec.kind === 'textList' || spec.kind === 'json' || spec.required) {
    return value;
  }
  return value.nullable();
}

/**
 * The zod schema of RecordOf: every field, the system fields, each reference's title and the declared
 * details of the rows references point at (a detail's value typed by its own field, nullable since the
 * reference may be empty; a detail that is a reference answers its title). `lookup` finds a detail's
 * resource; it is needed only by a resource that declares details.
 */
export function recordShapeOf(resource: ResourceSpec, lookup?: ResourceLookup): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = { ...systemShape };
  for (const [key, spec] of Object.entries(resource.fields)) {
    shape[key] = fieldValueSchema(spec);
    if (spec.kind !== 'reference') continue;
    shape[referenceTitleKey(key)] = z.string().nullable();
    for (const detail of spec.details ?? []) {
      const target = lookup?.(spec.references ?? '');
      const detailSpec = target?.fields[detail];
      if (!detailSpec) throw new Error(`${resource.name}.${key}: cannot read detail ${detail}`);
      const kind = detailSpec.kind === 'reference' ? z.string() : kindSchema(detailSpec);
      shape[referenceDetailKey(key, detail)] = kind.nullable();
    }
  }
  return shape;
}

/** The answer check of a resource's record, typed as RecordOf. */
export function recordSchemaOf<const R extends ResourceSpec>(
  resource: R,
  lookup?: ResourceLookup,
): z.ZodType<RecordOf<R>> {
  return z.object(recordShapeOf(resource, lookup)) as unknown as z.ZodType<RecordOf<R>>;
}
