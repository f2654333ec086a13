import { FEATURED_STONE_KINDS } from '../constants.ts';
import { field } from '../resources/fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resources/resource.ts';

const KIND_LABELS: Record<(typeof FEATURED_STONE_KINDS)[number], string> = {
  stone_of_day: 'Stone of the day',
  best: 'Best buy',
  exclusive: 'Exclusive',
  pair: 'Pair',
  stone: 'Stone',
};

/**
 * Stones shown on the customers' dashboard: a live stone of the stock (chosen by its stock or report
 * number), answered with its grades and price so the list reads like a stock line. Featured stones
 * recorded by stock number before they pointed at stones were matched to the stock when they became
 * references; those that matched no stone were set aside (docs/featured-stones.md).
 */
export const featuredStoneResource = defineResource({
  name: 'featuredStone',
  title: 'Featured stone',
  module: 'Dashboard Stone',
  api: 'apis/featuredStone',
  legacyPaths: { destroy: ['apis/featuredStone/destroy'] },
  table: 'featured_stones',
  views: [
    {
      route: 'featured-stone',
      title: 'Featured stones',
      menu: { group: 'Masters', id: 112, name: 'Featured Stone' },
    },
  ],
  titleField: 'stoneId',
  defaultSort: { field: 'sequence', direction: 'asc' },
  sequenceField: 'sequence',
  operations: FULL_OPERATIONS,
  ranges: [{ from: 'fromDate', to: 'toDate' }],
  fields: {
    stoneId: field.reference('Stone', 'diamond', {
      required: true,
      filter: 'eq',
      details: ['shapeId', 'carat', 'colorId', 'clarityId', 'marketingPricePerCarat', 'amount'],
      help: 'Type a stock or report number.',
    }),
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
