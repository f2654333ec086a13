import { MESSAGE_AUTO_HIDE_MS } from '@facet/contract';
import { Button, ConfigProvider, notification } from 'antd';
import { appTheme } from './theme.ts';
import { toastDurationMs } from './toast-duration.ts';

const duration = MESSAGE_AUTO_HIDE_MS / 1000;

// Static toasts render outside the app tree; holderRender gives them the app's theme.
ConfigProvider.config({
  holderRender: (children) => <ConfigProvider theme={appTheme}>{children}</ConfigProvider>,
});
// One place for every toast, success or failure: bottom-left, where the legacy panel showed failures.
notification.config({ duration, placement: 'bottomLeft' });

type ToastKind = 'success' | 'error';

/** The key of the toast now showing each kind and text, so that saying it again replaces it. */
const showing = new Map<string, string>();
let serial = 0;

/**
 * Shows `text`, replacing the same message still on screen rather than stacking a copy. Each showing
 * gets a key of its own: antd keeps a re-used key's timer running, so the repeat would vanish early
 * and, updated in place, give no sign that it happened again.
 */
function show(kind: ToastKind, text: string): void {
  const id = `${kind}:${text}`;
  const previous = showing.get(id);
  serial += 1;
  const key = `${id}#${serial}`;
  showing.set(id, key);
  const options = {
    key,
    duration: toastDurationMs(text) / 1000,
    onClose: () => {
      if (showing.get(id) === key) showing.delete(id);
    },
  };
  if (previous) notification.destroy(previous);
  notification[kind]({ ...options, title: text });
}

export const showSuccess = (text: string) => show('success', text);
export const showError = (text: string) => show('error', text);

/**
 * A change made by one click, said with an Undo beside it. Each change keeps its own toast: undoing one
 * must not reach another record's.
 */
export function showUndoable(text: string, onUndo: () => void): void {
  serial += 1;
  const key = `undo#${serial}`;
  notification.success({
    key,
    duration: toastDurationMs(text) / 1000,
    title: text,
    actions: (
      <Button
        size="small"
        onClick={() => {
          notification.destroy(key);
          onUndo();
        }}
      >
        Undo
      </Button>
    ),
  });
}
