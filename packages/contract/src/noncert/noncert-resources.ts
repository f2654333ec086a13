import { field } from '../resources/fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resources/resource.ts';

/**
 * A lot of non-certified goods: the house's own "non-certified certificate". It has no lab report (lab
 * NONE); the house grades it, describes it by grade band in its criteria, and lists its stones one by
 * one in its details. `admin/cert/*` is its CRUD (generic endpoints under the spec's base), and the
 * totals are the sums of its criteria, written by the server when the criteria are saved.
 */
export const nonCertResource = defineResource({
  name: 'nonCert',
  title: 'Non-certified lot',
  module: 'NonCert',
  api: 'admin/cert',
  table: 'non_cert_lots',
  views: [
    {
      route: 'noncert',
      title: 'Non-certified stones',
      menu: { group: 'Masters', id: 113, name: 'Non Cert' },
    },
  ],
  titleField: 'number',
  defaultSort: { field: 'date', direction: 'desc' },
  operations: FULL_OPERATIONS,
  fields: {
    number: field.text('Lot number', { required: true, max: 40, unique: true, sort: true, search: true }),
    name: field.text('Name', { required: true, max: 120, sort: true, search: true }),
    shapeId: field.masterValue('Shape', 'SHAPE', {
      filter: 'eq',
      help: 'The shape of the goods; leave empty for a lot of mixed shapes (each criteria row names its own).',
    }),
    date: field.date('Date', { filter: 'range', sort: true }),
    description: field.longText('Description', { max: 2000, list: false, search: true }),
    gradingNote: field.longText('In-house grading', {
      max: 2000,
      list: false,
      help: 'How the house graded the goods: there is no lab report.',
    }),
    totalPieces: field.integer('Pieces', { min: 0, form: false }),
    totalCarats: field.decimal('Carats', {
      min: 0,
      max: 1e9,
      scale: 3,
      display: 'carat',
      form: false,
      sort: true,
    }),
    totalAmount: field.decimal('Amount', {
      min: 0,
      max: 1e15,
      scale: 2,
      display: 'money',
      form: false,
      sort: true,
    }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});

const grade = (label: string, code: string, list = true) =>
  field.masterValue(label, code, { filter: 'eq', list, sort: list });

/**
 * One stone of a lot (the lot's "details"), graded in house. Price per carat is the trade's price; the
 * amount is derived by the server (price/ct × carat) on every write.
 */
export const nonCertDiamondResource = defineResource({
  name: 'nonCertDiamond',
  title: 'Non-certified diamond',
  module: 'NonCert',
  api: 'admin/details',
  table: 'non_cert_diamonds',
  views: [
    {
      route: 'noncertdetails/:id?',
      title: 'Non-certified details',
      paramFilters: { id: 'nonCertId' },
      linkLabel: 'Details',
    },
  ],
  titleField: 'stockNumber',
  defaultSort: { field: 'stockNumber', direction: 'asc' },
  operations: FULL_OPERATIONS,
  totals: {
    stones: { count: true },
    carats: { sum: 'carat' },
    amount: { sum: 'amount' },
    averagePricePerCarat: { ratio: 'amount', per: 'carat' },
  },
  fields: {
    nonCertId: field.reference('Lot', 'nonCert', { required: true, filter: 'eq' }),
    stockNumber: field.text('Stock #', { required: true, max: 40, unique: true, sort: true, search: true }),
    shapeId: field.masterValue('Shape', 'SHAPE', { required: true, filter: 'eq', sort: true }),
    carat: field.decimal('Carat', {
      required: true,
      min: 0.001,
      max: 1000,
      scale: 3,
      display: 'carat',
      filter: 'range',
      sort: true,
    }),
    colorId: grade('Color', 'COLOR'),
    clarityId: grade('Clarity', 'CLARITY'),
    cutId: grade('Cut', 'CUT', false),
    polishId: grade('Polish', 'POLISH', false),
    symmetryId: grade('Symmetry', 'SYMMETRY', false),
    fluorescenceId: grade('Fluorescence', 'FLUORESCENCE', false),
    length: field.decimal('Length (mm)', { min: 0, max: 100, scale: 2, list: false }),
    width: field.decimal('Width (mm)', { min: 0, max: 100, scale: 2, list: false }),
    depth: field.decimal('Depth (mm)', { min: 0, max: 100, scale: 2, list: false }),
    pricePerCarat: field.decimal('Price/ct', {
      min: 0,
      max: 10_000_000,
      scale: 2,
      display: 'money',
      sort: true,
    }),
    amount: field.decimal('Amount', {
      min: 0,
      max: 1e12,
      scale: 2,
      display: 'money',
      sort: true,
      form: false,
    }),
    remarks: field.longText('Remarks', { max: 1000, list: false }),
    image: field.image('Image', { list: false }),
  },
});
