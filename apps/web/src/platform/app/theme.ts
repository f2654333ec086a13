import { DEFAULT_THEME } from '@facet/contract';
import type { ThemeConfig } from 'antd';

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: DEFAULT_THEME.primary,
    colorLink: DEFAULT_THEME.primary,
    colorText: DEFAULT_THEME.text,
    colorTextHeading: DEFAULT_THEME.heading,
    colorBgLayout: DEFAULT_THEME.bodyBackground,
    borderRadius: 6,
  },
  components: {
    Layout: {
      headerBg: DEFAULT_THEME.headerBackground,
      headerColor: DEFAULT_THEME.headerText,
      siderBg: DEFAULT_THEME.darkNavBackground,
      headerPadding: '0 24px',
    },
    Menu: {
      darkItemBg: DEFAULT_THEME.darkNavBackground,
      darkSubMenuItemBg: '#002a54',
      darkItemSelectedBg: DEFAULT_THEME.primary,
    },
  },
};
