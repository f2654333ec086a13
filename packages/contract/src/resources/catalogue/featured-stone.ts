import { FEATURED_STONE_KINDS } from '../../constants.ts';
import { field } from '../fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resource.ts';

const KIND_LABELS: Record<(typeof FEATURED_STONE_KINDS)[number], string> = {
  stone_of_day: 'Stone of the day',
  best: 'Best buy',
  exclusive: 'Exclusive',
  pair: 'Pair',
  stone: 'Stone',
};

/** Stones shown on the customers' dashboard. The stone is its stock number until stock arrives. */
export const featuredStoneResource = defineResource({
  name: 'featuredStone',
  title: 'Featured stone',
  module: 'Dashboard Stone',
  api: 'apis/featuredStone',
  legacyPaths: { destroy: ['apis/featuredStone/destroy'] },
  table: 'featured_stones',
  views: [{ route: 'featured-stone', title: 'Featured stones' }],
  titleField: 'stockNumber',
  defaultSort: { field: 'sequence', direction: 'asc' },
  sequenceField: 'sequence',
  operations: FULL_OPERATIONS,
  fields: {
    stockNumber: field.text('Stock number', { required: true, max: 60, sort: true, search: true }),
    kind: field.enum(
      'Kind',
      FEATURED_STONE_KINDS.map((value) => ({ value, label: KIND_LABELS[value] })),
      { required: true, filter: 'eq', sort: true },
    ),
    fromDate: field.date('From', { sort: true, filter: 'range' }),
    toDate: field.date('To', { sort: true, filter: 'range' }),
    sequence: field.integer('Sequence', { min: 0, max: 1_000_000, sort: true, defaultValue: 0 }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});
