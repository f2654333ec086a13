import { PANEL_BASE } from '@facet/contract';

/** Browser paths of the public screens; protected ones come from the contract's PANEL_ROUTES. */
export const PATHS = {
  root: '/',
  panel: PANEL_BASE,
  signIn: `${PANEL_BASE}/signin`,
  otpVerification: `${PANEL_BASE}/otp-verification`,
  forgotPassword: `${PANEL_BASE}/forgot-password`,
  updateDefaultPassword: `${PANEL_BASE}/update-default-password`,
  resetPassword: `${PANEL_BASE}/reset-password/:resetId`,
  signUp: '/signup',
  dashboard: `${PANEL_BASE}/dashboard`,
  profile: `${PANEL_BASE}/profile`,
} as const;

/** A PANEL_ROUTES or MENU path (relative to the panel base) as a browser path. */
export function panelPath(relative: string): string {
  return `${PANEL_BASE}/${relative}`;
}

/** What a panel route carries for the screens it shows (the placeholder names it). */
export interface PanelRouteHandle {
  title: string;
  /** The PANEL_ROUTES path (`banner/upsert/:id?`): the breadcrumbs find the screen's menu entry by it. */
  route?: string;
}
