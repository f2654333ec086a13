import {
  ACCOUNT_DOCUMENT_STATUS_LABELS,
  type AccountDocumentStatus,
  FILES_PATH,
  type FieldSpec,
  fieldText,
  type ResourceSpec,
  referenceTitleKey,
} from '@facet/contract';

/**
 * What the company's detail screen derives from its records. Pure, typed against the contract only, so
 * it is tested without the screen.
 */

export interface DetailItem {
  key: string;
  label: string;
  value: string;
  /** Long texts (bank details) take a whole row. */
  wide: boolean;
}

const EMPTY = '—';

function displayValue(
  key: string,
  spec: FieldSpec,
  record: Readonly<Record<string, unknown>>,
  formatDateTime: (iso: string) => string,
): string {
  const value = record[key];
  if (spec.kind === 'reference') {
    const title = record[referenceTitleKey(key)];
    return typeof title === 'string' && title !== '' ? title : value ? String(value) : EMPTY;
  }
  if (value === null || value === undefined || value === '') return EMPTY;
  switch (spec.kind) {
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'textList':
      return Array.isArray(value) && value.length > 0 ? value.join(', ') : EMPTY;
    case 'datetime':
      return formatDateTime(String(value));
    case 'decimal':
    case 'integer':
    case 'date':
      return fieldText(spec, value);
    case 'enum':
      return spec.options?.find((option) => option.value === value)?.label ?? String(value);
    case 'json':
      return JSON.stringify(value);
    default:
      return String(value);
  }
}

/**
 * The fields of a record as label/value pairs, in declaration order. `skip` leaves out fields the screen
 * shows elsewhere (the approval flags and their stamps are in the header).
 */
export function detailItemsOf(
  resource: ResourceSpec,
  record: Readonly<Record<string, unknown>>,
  formatDateTime: (iso: string) => string,
  skip: ReadonlySet<string> = new Set(),
): DetailItem[] {
  return Object.entries(resource.fields)
    .filter(([key]) => !skip.has(key))
    .map(([key, spec]) => ({
      key,
      label: spec.label,
      value: displayValue(key, spec, record, formatDateTime),
      wide: spec.kind === 'longText' || spec.kind === 'textList',
    }));
}

/** The fields the header shows: every stamped flag and its stamps. */
export function stampedFieldsOf(resource: ResourceSpec): Set<string> {
  const fields = new Set<string>();
  for (const [flag, { by, at }] of Object.entries(resource.stampOnToggle ?? {})) {
    fields.add(flag);
    fields.add(by);
    fields.add(at);
  }
  return fields;
}

/** "Approved by Asha Rao on 01 Mar 2025, 10:00", or what is known of it; null when the flag is off. */
export function stampLine(
  verb: string,
  on: boolean,
  byName: string | null | undefined,
  at: string | null | undefined,
  formatDateTime: (iso: string) => string,
): string | null {
  if (!on) return null;
  return [verb, byName ? `by ${byName}` : null, at ? `on ${formatDateTime(at)}` : null]
    .filter(Boolean)
    .join(' ');
}

const STATUS_COLORS: Record<AccountDocumentStatus, string> = { 1: 'gold', 2: 'green', 3: 'red' };

export function documentStatusTag(status: AccountDocumentStatus): { label: string; color: string } {
  return {
    label: ACCOUNT_DOCUMENT_STATUS_LABELS[status] ?? String(status),
    color: STATUS_COLORS[status] ?? 'default',
  };
}

/** The review actions a document offers: approving an approved one, or rejecting a rejected one, is moot. */
export function reviewActionsOf(status: AccountDocumentStatus): { approve: boolean; reject: boolean } {
  return { approve: status !== 2, reject: status !== 3 };
}

/** The user list filtered to a company (`/hkadmin/user?accountId=…`), relative to the panel base. */
export function companyUsersPath(accountId: string): string {
  return `user?${new URLSearchParams({ accountId }).toString()}`;
}

/** A KYC document is a scan: a PDF or an image. */
export type DocumentFileKind = 'pdf' | 'image';

const FILE_ID = new RegExp(
  `^/${FILES_PATH}/(?:private/)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/`,
  'i',
);

/**
 * The upload behind a url the upload endpoint answered (`/files/{id}/{name}`, or
 * `/files/private/{id}/{name}` for a company document); null for outside links.
 */
export function uploadedFileIdOf(url: string): string | null {
  return FILE_ID.exec(url)?.[1] ?? null;
}
