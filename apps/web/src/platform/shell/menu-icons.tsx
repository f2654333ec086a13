import ApartmentOutlined from '@ant-design/icons/es/icons/ApartmentOutlined';
import BarChartOutlined from '@ant-design/icons/es/icons/BarChartOutlined';
import CalendarOutlined from '@ant-design/icons/es/icons/CalendarOutlined';
import DatabaseOutlined from '@ant-design/icons/es/icons/DatabaseOutlined';
import GiftOutlined from '@ant-design/icons/es/icons/GiftOutlined';
import HomeOutlined from '@ant-design/icons/es/icons/HomeOutlined';
import InboxOutlined from '@ant-design/icons/es/icons/InboxOutlined';
import MailOutlined from '@ant-design/icons/es/icons/MailOutlined';
import NotificationOutlined from '@ant-design/icons/es/icons/NotificationOutlined';
import ShoppingOutlined from '@ant-design/icons/es/icons/ShoppingOutlined';
import ToolOutlined from '@ant-design/icons/es/icons/ToolOutlined';
import type { MenuIconKey } from '@facet/contract';
import type { ComponentType } from 'react';

const MENU_ICONS: Readonly<Record<MenuIconKey, ComponentType>> = {
  dashboard: HomeOutlined,
  masters: DatabaseOutlined,
  customer: ApartmentOutlined,
  report: BarChartOutlined,
  marketing: NotificationOutlined,
  appointment: CalendarOutlined,
  stockSummary: ShoppingOutlined,
  forum: MailOutlined,
  setting: ToolOutlined,
  service: GiftOutlined,
  parcel: InboxOutlined,
};

/**
 * The contract's icon key as its icon. Loaded after the sidebar (menu-icon.tsx): the icons are the
 * menu's decoration, not worth a place in every screen's first load.
 */
export default function MenuIcon({ name }: { name: MenuIconKey }) {
  const Icon = MENU_ICONS[name];
  return <Icon />;
}
