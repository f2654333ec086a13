import { Button, Drawer, Flex } from 'antd';
import type { ReactNode } from 'react';
import type { useUnsavedGuard } from './use-unsaved-guard.ts';

interface FormDrawerProps {
  title: ReactNode;
  size: number;
  /** The form's unsaved-changes guard: closing or cancelling asks before changes are lost. */
  guard: ReturnType<typeof useUnsavedGuard>;
  onClose: () => void;
  saving: boolean;
  /** Submits the form (`form.submit()`), which validates before it saves. */
  onSave: () => void;
  children: ReactNode;
}

/** A drawer holding one form, with Cancel and Save in its footer. */
export function FormDrawer({ title, size, guard, onClose, saving, onSave, children }: FormDrawerProps) {
  const close = () => guard.confirmDiscard(onClose);
  return (
    <Drawer
      title={title}
      open
      onClose={close}
      size={size}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={close}>Cancel</Button>
          <Button type="primary" loading={saving} onClick={onSave}>
            Save
          </Button>
        </Flex>
      }
    >
      {guard.contextHolder}
      {children}
    </Drawer>
  );
}
