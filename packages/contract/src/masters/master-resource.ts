import { field } from '../resources/fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resources/resource.ts';

// Apart from the masters' endpoints and free of zod: the list screens and choices read it.

/**
 * Masters: the trade's vocabularies. A main master (SHAPE, COLOR, ...) has no parent; its values
 * (Round, Pear, ...) are sub-masters pointing at it. One table, two screens, two permission modules:
 * Main Masters reaches the rows without a parent, Sub Masters those with one.
 */
export const masterResource = defineResource({
  name: 'master',
  title: 'Master',
  itemName: 'master value',
  module: 'Main Masters',
  api: 'apis/master',
  table: 'masters',
  views: [
    {
      route: 'master/main-master',
      title: 'Main Master',
      itemName: 'main master',
      fixedFilter: { parentId: null },
      menu: { group: 'Masters', id: 101, name: 'Main Master' },
    },
    {
      route: 'master/sub-master/:id?',
      action: 'insert',
      menu: { group: 'Masters', id: 102, name: 'Sub Master' },
      title: 'Sub Master',
      module: 'Sub Masters',
      paramFilters: { id: 'parentId' },
      notNull: ['parentId'],
      linkLabel: 'Values',
    },
  ],
  titleField: 'name',
  defaultSort: { field: 'sequence', direction: 'asc' },
  sequenceField: 'sequence',
  operations: FULL_OPERATIONS,
  fields: {
    name: field.text('Name', { required: true, max: 120, sort: true, search: true }),
    code: field.text('Code', { required: true, max: 60, sort: true, search: true, filter: 'eq' }),
    // Listed where the view does not pin it: the Sub Master list of every value tells Cut's 'None' from Polish's.
    parentId: field.reference('Parent master', 'master', { filter: 'eq' }),
    sequence: field.integer('Sequence', { min: 0, max: 1_000_000, sort: true, defaultValue: 0 }),
    description: field.longText('Description', { max: 2000, list: false }),
    image: field.image('Image', { list: false }),
    aliases: field.textList('Aliases', {
      search: true,
      help: 'Other spellings found in stock files (e.g. RB, RBC for Round).',
    }),
    isDefault: field.boolean('Default', { defaultValue: false, filter: 'eq', toggle: true }),
    showOnWeb: field.boolean('Web', { defaultValue: true, filter: 'eq', toggle: true }),
    showInMarketing: field.boolean('Marketing', { defaultValue: true, filter: 'eq', toggle: true }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});
