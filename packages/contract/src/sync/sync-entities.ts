// What synchronisation covers, apart from its schemas and free of zod: the Last Sync list reads it.

/**
 * What the external stock system keeps in step, in the order a full synchronisation runs them (a state
 * names its country, a company its country, payment term and masters, a user its company). `value` is
 * the path segment of `POST admin/hk/sync/{value}` and of the source's `GET {SYNC_SOURCE_URL}/{value}`.
 * Stones come last: their grades name master values.
 */
export const SYNC_ENTITIES = [
  { value: 'master', label: 'Masters' },
  { value: 'size', label: 'Sizes' },
  { value: 'accountTerm', label: 'Payment terms' },
  { value: 'country', label: 'Countries' },
  { value: 'state', label: 'States' },
  { value: 'city', label: 'Cities' },
  { value: 'ledger', label: 'Companies (ledger)' },
  { value: 'user', label: 'Customer users' },
  { value: 'diamond', label: 'Stones' },
] as const;
export type SyncEntity = (typeof SYNC_ENTITIES)[number]['value'];

export function syncEntityLabel(entity: string): string {
  return SYNC_ENTITIES.find((candidate) => candidate.value === entity)?.label ?? entity;
}

/** Outcome of an entity's last run, as its last-sync row shows it. */
export const SYNC_STATUSES = [
  { value: 'never', label: 'Never run' },
  { value: 'success', label: 'Success' },
  { value: 'partial', label: 'Some rejected' },
  { value: 'failed', label: 'Failed' },
] as const;
