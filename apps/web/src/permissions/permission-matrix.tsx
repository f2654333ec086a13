import { MENU } from 'virtual:panel-manifest';
import type { PermissionScope } from '@facet/contract';
import { Checkbox, Flex, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { groupedLines, isGroupRow, type MatrixLine } from './matrix-groups.ts';
import {
  type CanGrant,
  columnCheck,
  effectiveFlags,
  isEditable,
  type MatrixRow,
  type MatrixState,
  rowCheck,
  scopeActions,
} from './matrix-state.ts';

export interface MatrixHandlers {
  setFlag: (id: number, action: string, value: boolean) => void;
  setRow: (id: number, value: boolean) => void;
  setColumn: (action: string, value: boolean) => void;
  setOverride: (id: number, override: boolean) => void;
}

interface PermissionMatrixProps {
  scope: PermissionScope;
  state: MatrixState;
  /** The rows shown (module search), in catalogue order. */
  ids: readonly number[];
  canGrant: CanGrant;
  handlers: MatrixHandlers;
  /** A user's matrix: each module follows the role or overrides it. */
  perUser: boolean;
}

const ACTION_LABELS: Record<string, string> = {
  view: 'View',
  insert: 'Insert',
  update: 'Update',
  delete: 'Delete',
  uploadExcel: 'Upload Excel',
  downloadExcel: 'Download Excel',
  mailExcel: 'Mail Excel',
  printPDF: 'Print PDF',
};

const grantedList = (flags: MatrixRow['flags'], actions: readonly string[]) =>
  actions
    .filter((action) => flags[action])
    .map((action) => ACTION_LABELS[action] ?? action)
    .join(', ') || 'None';

// A row re-renders only when its own row object changes (matrix-state replaces just that one).
const rowChanged = (record: MatrixLine, previous: MatrixLine) => record !== previous;
/** A group's heading spans the row; its other cells make way. */
const hiddenOnGroup = (line: MatrixLine) => (isGroupRow(line) ? { colSpan: 0 } : {});

/**
 * Modules × actions. Each checkbox is labelled `${title} ${action}`; a row checkbox sets the row, a header
 * checkbox the column of the rows shown. Flags the signed-in user does not hold stay disabled. The panel's
 * modules sit under the menu's groups, as the sidebar shows them; the customer scope has no menu.
 */
export function PermissionMatrix({ scope, state, ids, canGrant, handlers, perUser }: PermissionMatrixProps) {
  const actions = scopeActions(scope);
  const rows = useMemo(() => {
    const shown = ids.map((id) => state[id]).filter((row): row is MatrixRow => !!row);
    return scope === 'admin' ? groupedLines(shown, MENU) : shown;
  }, [ids, state, scope]);

  const columns = useMemo<ColumnsType<MatrixLine>>(() => {
    const columnCount = 1 + (perUser ? 2 : 0) + actions.length;
    const moduleColumn: ColumnsType<MatrixLine>[number] = {
      title: 'Module',
      key: 'module',
      width: 260,
      shouldCellUpdate: rowChanged,
      onCell: (line) => (isGroupRow(line) ? { colSpan: columnCount, style: { background: '#fafafa' } } : {}),
      render: (_, row) => {
        if (isGroupRow(row)) return <Typography.Text strong>{row.group}</Typography.Text>;
        const check = rowCheck(row, actions, canGrant);
        return (
          <Checkbox
            aria-label={`${row.title} all`}
            checked={check.checked}
            indeterminate={check.indeterminate}
            disabled={check.disabled}
            onChange={(event) => handlers.setRow(row.id, event.target.checked)}
          >
            {row.title}
          </Checkbox>
        );
      },
    };
    const sourceColumns: ColumnsType<MatrixLine> = perUser
      ? [
          {
            title: 'Source',
            key: 'source',
            width: 120,
            shouldCellUpdate: rowChanged,
            onCell: hiddenOnGroup,
            render: (_, row) =>
              isGroupRow(row) ? null : (
                <Switch
                  size="small"
                  aria-label={`${row.title} override`}
                  checked={row.override === true}
                  checkedChildren="Override"
                  unCheckedChildren="Role"
                  onChange={(checked) => handlers.setOverride(row.id, checked)}
                />
              ),
          },
          {
            title: 'Role grants',
            key: 'role',
            width: 170,
            shouldCellUpdate: rowChanged,
            onCell: hiddenOnGroup,
            render: (_, row) =>
              isGroupRow(row) ? null : (
                <Typography.Text type="secondary">
                  {grantedList(row.roleFlags ?? {}, actions)}
                </Typography.Text>
              ),
          },
        ]
      : [];
    const actionColumns: ColumnsType<MatrixLine> = actions.map((action) => {
      const header = columnCheck(state, ids, action, canGrant);
      return {
        key: action,
        align: 'center',
        width: 110,
        title: (
          <Flex vertical align="center" gap={2}>
            <span>{ACTION_LABELS[action] ?? action}</span>
            <Checkbox
              aria-label={`All ${action}`}
              checked={header.checked}
              indeterminate={header.indeterminate}
              disabled={header.disabled}
              onChange={(event) => handlers.setColumn(action, event.target.checked)}
            />
          </Flex>
        ),
        shouldCellUpdate: rowChanged,
        onCell: hiddenOnGroup,
        render: (_, row) =>
          isGroupRow(row) ? null : (
            <Checkbox
              aria-label={`${row.title} ${action}`}
              checked={Boolean(effectiveFlags(row)[action])}
              disabled={!isEditable(row) || !canGrant(row.module, action)}
              onChange={(event) => handlers.setFlag(row.id, action, event.target.checked)}
            />
          ),
      };
    });
    return [moduleColumn, ...sourceColumns, ...actionColumns];
  }, [actions, canGrant, handlers, ids, perUser, state]);

  return (
    // No Table `scroll`: with it antd adds a hidden measuring row that repeats the header checkboxes and
    // their labels; the wrapper scrolls narrow screens instead.
    <div style={{ overflowX: 'auto' }}>
      <Table<MatrixLine>
        rowKey={(line) => (isGroupRow(line) ? `group:${line.group}` : line.id)}
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
      />
    </div>
  );
}
