/** Browser routes that mail links point at. */
export const PANEL_LINKS = {
  resetPassword: (resetId: string) => `/hkadmin/reset-password/${resetId}`,
} as const;
