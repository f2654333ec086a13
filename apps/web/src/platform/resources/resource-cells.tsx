import type { FieldSpec, ReferenceDetailColumn, ResourceRecord, ResourceSpec } from '@facet/contract';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { EMPTY, fieldText, formatDateTime } from '../lists/format.ts';
import { PlainText } from '../typography/plain-text.tsx';
import { linkableUrl } from '../uploads/safe-url.ts';
import { REFERENCE_CATALOGUE_BY_NAME } from './reference-catalogue.ts';
import { ReferenceTitle } from './reference-select.tsx';
import { referenceTitleOf } from './resource-model.ts';
import { ToggleCell } from './toggle-cell.tsx';

const MAX_TAGS = 4;

/** A record's field as a list cell, by kind. */
export function renderCell(
  resource: ResourceSpec,
  key: string,
  record: ResourceRecord,
  canToggle: boolean,
): ReactNode {
  const spec = resource.fields[key];
  const value = record[key];
  if (!spec) return typeof value === 'string' ? formatDateTime(value) : EMPTY; // createdAt, updatedAt
  switch (spec.kind) {
    case 'boolean':
      // A 'details' toggle (a company's approval) is turned on the record's own screen, behind a confirmation.
      if (spec.toggle === true && canToggle)
        return <ToggleCell resource={resource} record={record} field={key} />;
      return value ? <Tag color="green">Yes</Tag> : <Tag>No</Tag>;
    case 'integer':
    case 'decimal':
    case 'date':
    case 'datetime':
    case 'enum':
      return fieldText(spec, value);
    case 'reference':
      return spec.references ? (
        <ReferenceTitle
          resourceName={spec.references}
          id={value}
          title={referenceTitleOf(
            record,
            key,
            REFERENCE_CATALOGUE_BY_NAME.get(spec.references)?.titleField ?? 'name',
          )}
        />
      ) : (
        EMPTY
      );
    case 'textList': {
      const items = Array.isArray(value) ? value.map(String) : [];
      if (items.length === 0) return EMPTY;
      return (
        <>
          {items.slice(0, MAX_TAGS).map((item) => (
            <Tag key={item}>{item}</Tag>
          ))}
          {items.length > MAX_TAGS && <Tag>+{items.length - MAX_TAGS}</Tag>}
        </>
      );
    }
    case 'image': {
      if (typeof value !== 'string' || !value) return EMPTY;
      const source = linkableUrl(value);
      // A value stored before image addresses were checked is shown as text, never loaded.
      return source ? (
        <img src={source} alt={spec.label} style={{ height: 32, maxWidth: 64, objectFit: 'contain' }} />
      ) : (
        <PlainText ellipsis>{value}</PlainText>
      );
    }
    case 'json':
      return value == null ? EMPTY : <PlainText ellipsis>{JSON.stringify(value)}</PlainText>;
    default:
      return value == null || value === '' ? EMPTY : fieldText(spec, value);
  }
}

/** A detail of the row a reference points at; a detail that is a reference already answers its title. */
export function renderDetailCell(detail: ReferenceDetailColumn, record: ResourceRecord): ReactNode {
  const value = record[detail.key];
  if (value === null || value === undefined || value === '') return EMPTY;
  return fieldText(detail.spec, value);
}

/** Numbers read right-aligned, as in a ledger. */
export function alignOf(spec: FieldSpec | undefined): 'right' | undefined {
  return spec?.kind === 'integer' || spec?.kind === 'decimal' ? 'right' : undefined;
}
