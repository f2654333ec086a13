import { registerApiEventHandlers } from '../api/api-events.ts';

/**
 * Transient messages. antd's message and notification load with the first toast, not with the first
 * screen: sign-in must stay within its bundle budget (docs/performance.md).
 */
const host = () => import('./toast-host.tsx');

/** Each toast stays as long as it takes to read, and a repeated one replaces its copy (toast-host). */
export const toast = {
  success: (text: string) => void host().then(({ showSuccess }) => showSuccess(text)),
  error: (text: string) => void host().then(({ showError }) => showError(text)),
};

export function connectApiToasts(): void {
  registerApiEventHandlers({ showError: toast.error });
}
