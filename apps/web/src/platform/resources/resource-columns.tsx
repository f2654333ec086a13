import { type ResourceRecord, type ResourceSpec, referenceDetailColumns } from '@facet/contract';
import { Button, Flex, Popconfirm } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ComponentType, type ReactNode, Suspense } from 'react';
import { REFERENCE_CATALOGUE_BY_NAME } from './reference-catalogue.ts';
import { alignOf, renderCell, renderDetailCell } from './resource-cells.tsx';
import type { ChildLink, ColumnChoice } from './resource-model.ts';

export interface ResourceRowActions {
  canToggle: boolean;
  onEdit?: (record: ResourceRecord) => void;
  onDelete?: (record: ResourceRecord) => Promise<unknown>;
  onHistory?: (record: ResourceRecord) => void;
  childLinks: readonly ChildLink[];
  onOpenChild: (path: string) => void;
  /** The resource's own actions from its feature's web module (Sync Setting's 'Sync now'), after the generic ones. */
  Extra?: ComponentType<{ record: ResourceRecord }>;
}

function RowActions({ record, actions }: { record: ResourceRecord; actions: ResourceRowActions }) {
  const link = (label: string, run: () => void, danger = false) => (
    <Button type="link" size="small" danger={danger} onClick={run} style={{ paddingInline: 4 }}>
      {label}
    </Button>
  );
  const { onEdit, onDelete, onHistory, Extra } = actions;
  return (
    <Flex wrap gap={0}>
      {actions.childLinks.map((child) => (
        <span key={child.label}>{link(child.label, () => actions.onOpenChild(child.pathOf(record.id)))}</span>
      ))}
      {onEdit && link('Edit', () => onEdit(record))}
      {onDelete && (
        <Popconfirm
          title="Delete this record?"
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={() => onDelete(record).catch(() => undefined)}
        >
          <Button type="link" size="small" danger style={{ paddingInline: 4 }}>
            Delete
          </Button>
        </Popconfirm>
      )}
      {onHistory && link('History', () => onHistory(record))}
      {Extra && (
        // Loaded with the first row that shows them; the generic actions do not wait for them.
        <Suspense fallback={null}>
          <Extra record={record} />
        </Suspense>
      )}
    </Flex>
  );
}

const WIDTHS: Partial<Record<string, number>> = {
  boolean: 90,
  integer: 110,
  decimal: 130,
  date: 120,
  datetime: 200,
  image: 90,
};

/** The visible columns (keyed by field, so sortable ones match the declaration's sort keys) and the actions. */
export function resourceColumns(
  resource: ResourceSpec,
  visible: readonly ColumnChoice[],
  actions: ResourceRowActions,
  leading?: ColumnsType<ResourceRecord>[number],
): ColumnsType<ResourceRecord> {
  const details = new Map(
    referenceDetailColumns(resource, REFERENCE_CATALOGUE_BY_NAME).map((detail) => [detail.key, detail]),
  );
  const columns: ColumnsType<ResourceRecord> = visible.map(({ key, label }) => {
    const spec = resource.fields[key];
    const detail = details.get(key);
    if (!spec && detail) {
      return {
        key,
        title: label,
        dataIndex: key,
        align: alignOf(detail.spec),
        width: WIDTHS[detail.spec.kind === 'reference' ? 'text' : detail.spec.kind],
        render: (_: unknown, record: ResourceRecord): ReactNode => renderDetailCell(detail, record),
      };
    }
    return {
      key,
      title: label,
      dataIndex: key,
      align: alignOf(spec),
      width: WIDTHS[spec?.kind ?? 'datetime'],
      render: (_: unknown, record: ResourceRecord): ReactNode =>
        renderCell(resource, key, record, actions.canToggle),
    };
  });
  if (leading) columns.unshift(leading);
  const hasActions =
    actions.onEdit || actions.onDelete || actions.onHistory || actions.Extra || actions.childLinks.length > 0;
  if (hasActions) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      fixed: 'end',
      width:
        90 +
        60 * actions.childLinks.length +
        (actions.onDelete ? 60 : 0) +
        (actions.onHistory ? 60 : 0) +
        (actions.Extra ? 100 : 0),
      render: (_, record) => <RowActions record={record} actions={actions} />,
    });
  }
  return columns;
}
