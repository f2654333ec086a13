import { PANEL_BASE } from '@facet/contract';
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { call } from '../platform/api/api-client.ts';
import type { PanelRouteHandle } from '../platform/app/paths.ts';
import { REPORT_REFS } from './report-refs.ts';

/** What the panel names its own visits' device: the hit counter tells them from the customers' apps. */
const DEVICE = 'Panel';

/**
 * Records each screen the signed-in user opens, once per route change, in page tracking (the hit
 * counter reads it), by the screen's title ("Hit counter"), so that a record's own address does not
 * make a page of its own. In the background: a visit not recorded is never the reader's concern, so
 * it neither waits nor tells. Drawn in the header and showing nothing.
 */
export function VisitTracker() {
  const { pathname } = useLocation();
  const handle = useMatches().at(-1)?.handle as PanelRouteHandle | undefined;
  const page = (handle?.title ?? pathname.replace(`${PANEL_BASE}/`, '')).slice(0, 200);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one visit per address, whatever renders between.
  useEffect(() => {
    if (!page) return;
    call(REPORT_REFS.track, { page, device: DEVICE }, { toastErrors: false }).catch(() => undefined);
  }, [pathname]);
  return null;
}
