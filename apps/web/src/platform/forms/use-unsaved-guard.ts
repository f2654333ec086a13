import { Modal } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

const TITLE = 'Discard unsaved changes?';

/**
 * Asks before unsaved changes are lost: on leaving the route (react-router's blocker), on reload (the
 * browser's own prompt) and, through `confirmDiscard`, when the form's own Close or Cancel is used.
 * Render `contextHolder` so the dialog takes the app's theme.
 */
export function useUnsavedGuard(dirty: boolean) {
  const [modal, contextHolder] = Modal.useModal();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: TITLE,
      content: 'You are leaving this screen; the changes in the form are not saved.',
      okText: 'Discard',
      okButtonProps: { danger: true },
      cancelText: 'Keep editing',
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const confirmDiscard = (discard: () => void) => {
    if (!dirty) {
      discard();
      return;
    }
    modal.confirm({
      title: TITLE,
      okText: 'Discard',
      okButtonProps: { danger: true },
      cancelText: 'Keep editing',
      onOk: discard,
    });
  };
  return { confirmDiscard, contextHolder };
}
