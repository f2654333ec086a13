import { type UserRecord, userResetPasswordSchema } from '@facet/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Modal } from 'antd';
import { userApi } from '../platform/api/user-admin-api.ts';
import { toast } from '../platform/app/toast.ts';
import { showServerFieldErrors } from '../platform/forms/server-errors.ts';
import { zodRule } from '../platform/forms/zod-rule.ts';

/** An admin sets a new password; the server marks it a default password, to be changed at next sign-in. */
export function ResetPasswordModal({ user, onClose }: { user: UserRecord | null; onClose: () => void }) {
  const [form] = Form.useForm<{ password: string }>();
  const reset = useMutation({
    mutationFn: (password: string) => userApi.resetPassword({ id: user?.id ?? '', password }),
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      onClose();
    },
    onError: (error) => showServerFieldErrors(form, error),
  });

  return (
    <Modal
      title={`Reset Password${user ? ` — ${user.name}` : ''}`}
      open={user !== null}
      okText="Reset Password"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={reset.isPending}
      destroyOnHidden
      forceRender
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="The user must choose a new password at their next sign-in."
      />
      <Form
        form={form}
        layout="vertical"
        name="reset-user-password"
        onFinish={(values) => reset.mutate(values.password)}
      >
        <Form.Item label="Password" name="password" rules={[zodRule(userResetPasswordSchema.shape.password)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
