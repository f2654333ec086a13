import { MESSAGE_AUTO_HIDE_MS } from '@facet/contract';
import { ConfigProvider, message, notification } from 'antd';
import { appTheme } from './theme.ts';
import { toastDurationMs } from './toast-duration.ts';

const duration = MESSAGE_AUTO_HIDE_MS / 1000;

// Static toasts render outside the app tree; holderRender gives them the app's theme.
ConfigProvider.config({
  holderRender: (children) => <ConfigProvider theme={appTheme}>{children}</ConfigProvider>,
});
message.config({ duration });
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
  if (kind === 'error') {
    if (previous) notification.destroy(previous);
    notification.error({ ...options, title: text });
  } else {
    if (previous) message.destroy(previous);
    void message.success({ ...options, content: text });
  }
}

export const showSuccess = (text: string) => show('success', text);
/** Errors go bottom-left (the notification placement above), as the legacy panel showed server failures. */
export const showError = (text: string) => show('error', text);
