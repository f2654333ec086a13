import { MENU } from 'virtual:panel-manifest';
import { type MenuItem, PANEL_BASE, type PermissionHolder, visibleMenu } from '@facet/contract';
import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { panelPath } from '../app/paths.ts';
import { groupKey, menuSelection } from './menu-selection.ts';

type AntMenuItem = Required<MenuProps>['items'][number];

function toAntItems(items: readonly MenuItem[]): AntMenuItem[] {
  return items.map((item) =>
    item.children
      ? { key: groupKey(item), label: item.name, children: toAntItems(item.children) }
      : {
          key: item.path ?? String(item.id),
          label: <Link to={panelPath(item.path ?? '')}>{item.name}</Link>,
        },
  );
}

/** The sidebar: only what the holder may view (contract `visibleMenu`), highlighted from the URL. */
export function SidebarMenu({
  holder,
  onNavigate,
}: {
  holder: PermissionHolder | null;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const menu = useMemo(() => (holder ? visibleMenu(MENU, holder) : []), [holder]);
  const items = useMemo(() => toAntItems(menu), [menu]);
  const relativePath = pathname.startsWith(`${PANEL_BASE}/`) ? pathname.slice(PANEL_BASE.length + 1) : '';
  const { selectedKey, openKey } = menuSelection(menu, relativePath);
  const [openKeys, setOpenKeys] = useState<string[]>(openKey ? [openKey] : []);

  return (
    <nav data-testid="sidebar" aria-label="Main menu">
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={selectedKey ? [selectedKey] : []}
        openKeys={openKey && !openKeys.includes(openKey) ? [...openKeys, openKey] : openKeys}
        onOpenChange={setOpenKeys}
        onClick={onNavigate}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
