import { type ResourceRecord, type ResourceSpec, referenceDetailColumns } from '@facet/contract';
import type { ColumnsType } from 'antd/es/table';
import { type ComponentType, type ReactNode, Suspense, useState } from 'react';
import { headerWidth } from '../lists/column-width.ts';
import { ConfirmDelete, ROW_ACTIONS_WIDTH, RowActions, type RowMenuItem } from '../lists/row-actions.tsx';
import { previewColumns } from './preview-columns.tsx';
import { REFERENCE_CATALOGUE_BY_NAME } from './reference-catalogue.ts';
import { alignOf, renderCell, renderDetailCell } from './resource-cells.tsx';
import { type ChildLink, type ColumnChoice, recordTitleOf } from './resource-model.ts';

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

function ResourceRowActions({
  resource,
  record,
  actions,
}: {
  resource: ResourceSpec;
  record: ResourceRecord;
  actions: ResourceRowActions;
}) {
  const [deleting, setDeleting] = useState(false);
  const { onEdit, onDelete, onHistory, Extra } = actions;
  const items: RowMenuItem[] = [
    ...actions.childLinks.map((child) => ({
      key: `child:${child.label}`,
      label: child.label,
      onClick: () => actions.onOpenChild(child.pathOf(record.id)),
    })),
    ...(onHistory ? [{ key: 'history', label: 'History', onClick: () => onHistory(record) }] : []),
    ...(onDelete ? [{ key: 'delete', label: 'Delete', danger: true, onClick: () => setDeleting(true) }] : []),
  ];
  return (
    <>
      <RowActions
        onEdit={onEdit && (() => onEdit(record))}
        items={items}
        extra={
          Extra && (
            // Loaded with the first menu that shows them; the generic actions do not wait for them.
            <Suspense fallback={null}>
              <Extra record={record} />
            </Suspense>
          )
        }
      />
      {deleting && onDelete && (
        <ConfirmDelete
          what={resource.itemName ?? resource.title}
          name={recordTitleOf(resource, record)}
          onConfirm={() => onDelete(record)}
          onClose={() => setDeleting(false)}
        />
      )}
    </>
  );
}

/** A column's width by the kind of its values; text is cut with an ellipsis and shown whole on hover. */
const WIDTHS: Partial<Record<string, number>> = {
  boolean: 90,
  integer: 110,
  decimal: 130,
  date: 120,
  datetime: 170,
  image: 90,
  enum: 140,
  textList: 200,
};
const TEXT_WIDTH = 160;

/** Wide enough for the header on one line (a sort arrow beside it) and for the kind's values. */
function columnWidth(label: string, kind: string): number {
  return Math.max(WIDTHS[kind] ?? TEXT_WIDTH, headerWidth(label));
}

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
        ellipsis: true,
        width: columnWidth(label, detail.spec.kind),
        render: (_: unknown, record: ResourceRecord): ReactNode => renderDetailCell(detail, record),
      };
    }
    return {
      key,
      title: label,
      dataIndex: key,
      align: alignOf(spec),
      ellipsis: true,
      width: columnWidth(label, spec?.kind ?? 'datetime'),
      render: (_: unknown, record: ResourceRecord): ReactNode =>
        renderCell(resource, key, record, actions.canToggle),
    };
  });
  columns.unshift(...previewColumns(resource));
  if (leading) columns.unshift(leading);
  const hasActions =
    actions.onEdit || actions.onDelete || actions.onHistory || actions.Extra || actions.childLinks.length > 0;
  if (hasActions) {
    // First and fixed there: at rest it covers no data, where a column fixed at the end would sit on
    // the last columns of any list wider than the screen.
    columns.unshift({
      key: 'actions',
      title: 'Actions',
      fixed: 'start',
      width: ROW_ACTIONS_WIDTH,
      render: (_, record) => <ResourceRowActions resource={resource} record={record} actions={actions} />,
    });
  }
  return columns;
}
