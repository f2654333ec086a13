import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { appTheme } from './theme.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={appTheme}>{children}</ConfigProvider>;
}
