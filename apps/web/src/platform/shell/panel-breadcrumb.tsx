import { MENU, PANEL_ROUTES } from 'virtual:panel-manifest';
import { type MenuItem, type PermissionHolder, visibleMenu } from '@facet/contract';
import { Fragment, useMemo } from 'react';
import { Link, useMatches } from 'react-router';
import { type PanelRouteHandle, panelPath } from '../app/paths.ts';
import { breadcrumbsOf } from './breadcrumbs.ts';

/**
 * Group › screen (› the page below it) above every screen, from the matched route's handle. Plain links
 * rather than antd Breadcrumb: the frame is in every screen's first load. A screen alone on its level
 * (the dashboard, the profile) shows none: its title says it all.
 */
export function PanelBreadcrumb({ holder }: { holder: PermissionHolder | null }) {
  const match = useMatches().at(-1);
  const handle = match?.handle as PanelRouteHandle | undefined;
  const menu = useMemo<readonly MenuItem[]>(() => (holder ? visibleMenu(MENU, holder) : MENU), [holder]);
  if (!handle) return null;
  const module = PANEL_ROUTES.find((route) => route.path === handle.route)?.module;
  const crumbs = breadcrumbsOf(menu, { ...handle, module }, Boolean(match?.params.id));
  if (crumbs.length < 2) return null;
  return (
    <nav className="panel-breadcrumb" aria-label="Breadcrumb">
      {crumbs.map((crumb, index) => (
        <Fragment key={crumb.path ?? crumb.title}>
          {index > 0 && (
            <span className="panel-breadcrumb-separator" aria-hidden="true">
              ›
            </span>
          )}
          {crumb.path ? (
            <Link to={panelPath(crumb.path)}>{crumb.title}</Link>
          ) : (
            <span aria-current={index === crumbs.length - 1 ? 'page' : undefined}>{crumb.title}</span>
          )}
        </Fragment>
      ))}
    </nav>
  );
}
