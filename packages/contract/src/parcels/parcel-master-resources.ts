import { field } from '../resources/fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resources/resource.ts';

// Apart from the price and order schemas and free of zod: the master screens read them.

/** The colours a quality band ranges over, best first, as melee is sorted. */
export const PARCEL_COLOURS = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M'] as const;
/** The clarities a quality band ranges over, best first. */
export const PARCEL_CLARITIES = [
  'IF',
  'VVS1',
  'VVS2',
  'VS1',
  'VS2',
  'SI1',
  'SI2',
  'SI3',
  'I1',
  'I2',
  'I3',
] as const;

const optionsOf = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const COLOUR_OPTIONS = optionsOf(PARCEL_COLOURS);
const CLARITY_OPTIONS = optionsOf(PARCEL_CLARITIES);

const caratBound = (label: string) =>
  field.decimal(label, { required: true, min: 0, max: 10, scale: 3, display: 'carat', sort: true });

/**
 * Sieve groups (domain reference, Parcels): the size classes melee is sorted into by the sieve plates it
 * passes, from -2 up to 1/4 carat. The rows of a price sheet.
 */
export const sieveGroupResource = defineResource({
  name: 'sieveGroup',
  title: 'Sieve group',
  module: 'Parcel Master',
  api: 'apis/sieve-group',
  table: 'sieve_groups',
  views: [{ route: 'parcel-master/sieve-groups', title: 'Sieve groups' }],
  titleField: 'name',
  defaultSort: { field: 'sequence', direction: 'asc' },
  sequenceField: 'sequence',
  operations: FULL_OPERATIONS,
  ranges: [{ from: 'fromCarat', to: 'toCarat' }],
  fields: {
    name: field.text('Name', { required: true, max: 60, sort: true, search: true, unique: true }),
    fromSieve: field.text('From sieve', { max: 20, help: 'The plate the stones fall through, like +6.5.' }),
    toSieve: field.text('To sieve', { max: 20 }),
    fromCarat: caratBound('From carat'),
    toCarat: caratBound('To carat'),
    sequence: field.integer('Sequence', { min: 0, max: 1_000_000, sort: true, defaultValue: 0 }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});

/**
 * Quality bands: a colour range by a clarity range (`D-F VVS-VS`), the columns of a price sheet. Melee
 * is sold by band, not graded stone by stone.
 */
export const qualityBandResource = defineResource({
  name: 'qualityBand',
  title: 'Quality band',
  module: 'Parcel Master',
  api: 'apis/quality-band',
  table: 'parcel_quality_bands',
  views: [{ route: 'parcel-master/quality-bands', title: 'Quality bands' }],
  titleField: 'name',
  defaultSort: { field: 'sequence', direction: 'asc' },
  sequenceField: 'sequence',
  operations: FULL_OPERATIONS,
  fields: {
    name: field.text('Name', { required: true, max: 60, sort: true, search: true, unique: true }),
    colourFrom: field.enum('Colour from', COLOUR_OPTIONS, { required: true, help: 'The best colour.' }),
    colourTo: field.enum('Colour to', COLOUR_OPTIONS, { required: true, help: 'The lowest colour.' }),
    clarityFrom: field.enum('Clarity from', CLARITY_OPTIONS, { required: true, help: 'The best clarity.' }),
    clarityTo: field.enum('Clarity to', CLARITY_OPTIONS, { required: true, help: 'The lowest clarity.' }),
    sequence: field.integer('Sequence', { min: 0, max: 1_000_000, sort: true, defaultValue: 0 }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});
