import { field } from '../resources/fields.ts';
import { defineResource } from '../resources/resource.ts';
import { SYNC_ENTITIES, SYNC_STATUSES } from './sync-entities.ts';

const count = (label: string) => field.integer(label, { form: false, min: 0 });

/**
 * Sync Setting: one row per synchronised entity (the server keeps one for each of SYNC_ENTITIES), with
 * the outcome of its last run. Only the switch and the notes are edited; each run writes the rest.
 */
export const lastSyncResource = defineResource({
  name: 'lastSync',
  title: 'Synchronisation',
  module: 'Sync Setting',
  api: 'apis/last-sync',
  table: 'last_syncs',
  views: [
    {
      route: 'sync-setting',
      title: 'Sync Setting',
      menu: { group: 'Setting', id: 803, name: 'Sync Setting' },
    },
  ],
  titleField: 'entity',
  defaultSort: { field: 'sequence', direction: 'asc' },
  operations: { create: false, update: true, delete: false, export: true },
  fields: {
    entity: field.enum('Entity', SYNC_ENTITIES, {
      required: true,
      unique: true,
      form: false,
      filter: 'eq',
      sort: true,
    }),
    /** The run order of SYNC_ENTITIES, so the list reads in dependency order. */
    sequence: field.integer('Order', { form: false, list: false, sort: true, min: 0, defaultValue: 0 }),
    isEnabled: field.boolean('Enabled', { defaultValue: true, filter: 'eq', toggle: true }),
    lastStatus: field.enum('Last status', SYNC_STATUSES, {
      required: true,
      form: false,
      filter: 'eq',
      defaultValue: 'never',
    }),
    lastRunAt: field.datetime('Last run', { form: false, sort: true }),
    lastSyncedAt: field.datetime('Last synced', {
      form: false,
      sort: true,
      help: 'End of the last run that applied the list.',
    }),
    receivedCount: count('Received'),
    createdCount: count('Created'),
    updatedCount: count('Updated'),
    unchangedCount: count('Unchanged'),
    rejectedCount: count('Rejected'),
    lastMessage: field.longText('Last message', { form: false, max: 4000 }),
    lastRunBy: field.text('Run by', { form: false, list: false }),
    notes: field.longText('Notes', { max: 2000, list: false }),
  },
});
