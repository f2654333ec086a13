import { registerApiEventHandlers } from '../api/api-events.ts';

/**
 * Transient messages. antd's message and notification load with the first toast, not with the first
 * screen: sign-in must stay within its bundle budget (docs/performance.md).
 */
const host = () => import('./toast-host.tsx');

export const toast = {
  success: (text: string) => void host().then(({ message }) => message.success(text)),
  /** Errors go bottom-left, as the legacy panel showed server failures. */
  error: (text: string) => void host().then(({ notification }) => notification.error({ title: text })),
};

export function connectApiToasts(): void {
  registerApiEventHandlers({ showError: toast.error });
}
