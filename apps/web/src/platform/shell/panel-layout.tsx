import MenuOutlined from '@ant-design/icons/es/icons/MenuOutlined';
import { QueryClientProvider } from '@tanstack/react-query';
import { Button, Layout, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { queryClient } from '../app/query-client.ts';
import { useWebModules } from '../modules/web-modules-context.tsx';
import { holderOf } from '../session/session-store.ts';
import { useSession } from '../session/use-session.ts';
import { HeaderUser } from './header-user.tsx';
import { PanelBreadcrumb } from './panel-breadcrumb.tsx';
import { SidebarMenu } from './sidebar-menu.tsx';
import { useForgetFailedQueries } from './use-forget-failed-queries.ts';
import { useIsDesktop } from './use-is-desktop.ts';
import { useLogout } from './use-logout.ts';
import { useSidebarFolded } from './use-sidebar-folded.ts';
import './panel-layout.css';

const SIDER_WIDTH = 240;
const FOLDED_SIDER_WIDTH = 64;
// Below the desktop breakpoint only, and closed until the menu button is pressed: not in every screen's
// first load (docs/performance.md).
const Drawer = lazy(() => import('antd/es/drawer'));

function Brand({ folded = false }: { folded?: boolean }) {
  return (
    <div className={folded ? 'panel-brand panel-brand-folded' : 'panel-brand'}>{folded ? 'F' : 'Facet'}</div>
  );
}

/** The signed-in frame: sidebar (a drawer below the desktop breakpoint), header, and the routed screen. */
export function PanelLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <PanelFrame />
    </QueryClientProvider>
  );
}

function PanelFrame() {
  useForgetFailedQueries();
  const { loggingOut, logout } = useLogout();
  const session = useSession();
  const holder = holderOf(session);
  const isDesktop = useIsDesktop();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [folded, setFolded] = useSidebarFolded();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const { shellWidgets } = useWebModules();
  const changingScreen = navigation.state === 'loading' && navigation.location.pathname !== pathname;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {isDesktop ? (
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsed={folded}
          collapsedWidth={FOLDED_SIDER_WIDTH}
          style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
        >
          <Brand folded={folded} />
          <SidebarMenu holder={holder} folded={folded} />
        </Layout.Sider>
      ) : (
        <Suspense fallback={null}>
          <Drawer
            className="panel-drawer"
            placement="left"
            size={SIDER_WIDTH}
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            closable={false}
            title={null}
          >
            <Brand />
            {/* A drawer left open would cover the screen the user just picked. */}
            <SidebarMenu holder={holder} onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        </Suspense>
      )}
      <Layout>
        <Layout.Header className="panel-header">
          {isDesktop ? (
            // Folded to its icons, the sidebar leaves a narrow screen's width to the lists.
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label={folded ? 'Show the menu' : 'Fold the menu'}
              title={folded ? 'Show the menu' : 'Fold the menu'}
              aria-expanded={!folded}
              onClick={() => setFolded(!folded)}
            />
          ) : (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label="Open menu"
              onClick={() => setDrawerOpen(true)}
            />
          )}
          <div className="panel-header-spacer" />
          {/* The features' header widgets (the notification bell) follow the frame in; none holds it up. */}
          {/* Logging out, the widgets and the screen go: nothing of theirs polls or refetches meanwhile. */}
          {!loggingOut && (
            <Suspense fallback={null}>
              {shellWidgets.map(({ key, Widget }) => (
                <Widget key={key} />
              ))}
            </Suspense>
          )}
          <HeaderUser loggingOut={loggingOut} onLogout={logout} />
        </Layout.Header>
        <Layout.Content className="panel-content">
          {loggingOut ? null : (
            <>
              <PanelBreadcrumb holder={holder} />
              {changingScreen ? <Skeleton active paragraph={{ rows: 6 }} /> : <Outlet />}
            </>
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
