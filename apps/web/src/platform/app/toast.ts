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
  /** Says what a click changed, with an Undo that puts it back (a list's switches). */
  undoable: (text: string, onUndo: () => void) =>
    void host().then(({ showUndoable }) => showUndoable(text, onUndo)),
};

export function connectApiToasts(): void {
  registerApiEventHandlers({ showError: toast.error });
}
