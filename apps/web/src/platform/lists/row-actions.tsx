import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import MoreOutlined from '@ant-design/icons/es/icons/MoreOutlined';
import { Button, Dropdown, Flex, Tooltip } from 'antd';
import { type ComponentProps, lazy, type ReactNode, Suspense } from 'react';
import './row-actions.css';

export interface RowMenuItem {
  key: string;
  label: string;
  danger?: boolean;
  /** Shown but not chosen; `title` says why. */
  disabled?: boolean;
  title?: string;
  onClick: () => void;
}

/** Edit and "more" are each an icon: the column stays this narrow whatever a row offers. */
export const ROW_ACTIONS_WIDTH = 88;

/**
 * A row's actions in a narrow column: the primary one (Edit) as an icon, everything else (history,
 * child lists, a feature's own actions, Delete last) in a "more" menu, so the actions never take the
 * width the data needs.
 */
export function RowActions({
  onEdit,
  items,
  extra,
}: {
  onEdit?: () => void;
  items: readonly RowMenuItem[];
  /** A feature's own actions (buttons with their own state), shown under the menu's items. */
  extra?: ReactNode;
}) {
  const byKey = new Map(items.map((item) => [item.key, item]));
  return (
    <Flex gap={4} justify="flex-end" wrap={false}>
      {onEdit && (
        <Tooltip title="Edit">
          <Button type="text" size="small" aria-label="Edit" icon={<EditOutlined />} onClick={onEdit} />
        </Tooltip>
      )}
      {(items.length > 0 || extra) && (
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{
            items: items.map(({ key, label, danger, disabled, title }) => ({
              key,
              label,
              danger,
              disabled,
              title,
            })),
            onClick: ({ key }) => byKey.get(key)?.onClick(),
          }}
          popupRender={
            extra
              ? (menu) => (
                  <div className="row-actions-popup">
                    {items.length > 0 && menu}
                    <div className="row-actions-extra">{extra}</div>
                  </div>
                )
              : undefined
          }
        >
          <Button type="text" size="small" aria-label="More actions" icon={<MoreOutlined />} />
        </Dropdown>
      )}
    </Flex>
  );
}

const DeleteConfirmDialog = lazy(() =>
  import('./delete-confirm.tsx').then((module) => ({ default: module.DeleteConfirm })),
);

/** The question before a delete, naming the record; the dialog loads when first asked. */
export function ConfirmDelete(props: ComponentProps<typeof DeleteConfirmDialog>) {
  return (
    <Suspense fallback={null}>
      <DeleteConfirmDialog {...props} />
    </Suspense>
  );
}
