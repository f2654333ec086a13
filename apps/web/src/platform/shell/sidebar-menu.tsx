import { MENU } from 'virtual:panel-manifest';
import { type MenuItem, PANEL_BASE, type PermissionHolder, visibleMenu } from '@facet/contract';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { panelPath } from '../app/paths.ts';
import { useWebModules } from '../modules/web-modules-context.tsx';
import { PLATFORM_SCREENS } from '../pages/platform-screens.ts';
import { builtMenu } from './built-menu.ts';
import { MenuIcon } from './menu-icon.tsx';
import { groupKey, menuSelection } from './menu-selection.ts';

type AntMenuItem = Required<MenuProps>['items'][number];

function iconOf(item: MenuItem) {
  return item.icon ? <MenuIcon name={item.icon} /> : undefined;
}

/** Groups and top-level entries carry their icon; the entries inside a group go without. */
function toAntItems(items: readonly MenuItem[], topLevel = true): AntMenuItem[] {
  return items.map((item) =>
    item.children
      ? {
          key: groupKey(item),
          icon: iconOf(item),
          label: item.name,
          children: toAntItems(item.children, false),
        }
      : {
          key: item.path ?? String(item.id),
          ...(topLevel && item.icon ? { icon: iconOf(item) } : {}),
          label: <Link to={panelPath(item.path ?? '')}>{item.name}</Link>,
        },
  );
}

/**
 * The sidebar: only what the holder may view (contract `visibleMenu`) and what is built, highlighted from
 * the URL.
 */
export function SidebarMenu({
  holder,
  folded = false,
  onNavigate,
}: {
  holder: PermissionHolder | null;
  /** Folded to its icons, a group opens beside its icon: the full menu's open groups do not apply. */
  folded?: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const { screens } = useWebModules();
  const menu = useMemo(
    () =>
      holder
        ? builtMenu(visibleMenu(MENU, holder), (route) => route in PLATFORM_SCREENS || screens.has(route))
        : [],
    [holder, screens],
  );
  const items = useMemo(() => toAntItems(menu), [menu]);
  const relativePath = pathname.startsWith(`${PANEL_BASE}/`) ? pathname.slice(PANEL_BASE.length + 1) : '';
  const { selectedKey, openKey } = menuSelection(menu, relativePath);
  const [openKeys, setOpenKeys] = useState<string[]>(openKey ? [openKey] : []);
  // Folded, a group opens beside its icon while the pointer is on it, and none is open to begin with.
  const [flyoutKeys, setFlyoutKeys] = useState<string[]>([]);
  useEffect(() => {
    if (folded) setFlyoutKeys([]);
  }, [folded]);
  // The group of the screen reached stays open after the user moves on, until they close it: a group
  // shown open only while its screen is current would fold away under the pointer.
  useEffect(() => {
    if (openKey) setOpenKeys((keys) => (keys.includes(openKey) ? keys : [...keys, openKey]));
  }, [openKey]);

  return (
    <nav data-testid="sidebar" aria-label="Main menu">
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={selectedKey ? [selectedKey] : []}
        {...(folded
          ? { openKeys: flyoutKeys, onOpenChange: setFlyoutKeys }
          : {
              openKeys: openKey && !openKeys.includes(openKey) ? [...openKeys, openKey] : openKeys,
              onOpenChange: setOpenKeys,
            })}
        onClick={onNavigate}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
