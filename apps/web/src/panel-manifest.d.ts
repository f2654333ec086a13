/** Written at build time from the contract's modules (apps/web/build/panel-manifest-plugin.ts). */
declare module 'virtual:panel-manifest' {
  import type { MenuItem, PanelRoute } from '@facet/contract';

  export const PANEL_ROUTES: readonly PanelRoute[];
  export const MENU: readonly MenuItem[];
}
