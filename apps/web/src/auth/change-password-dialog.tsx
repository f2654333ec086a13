import { AUTH_MESSAGES, type ChangePasswordPayload, changePasswordSchema } from '@facet/contract';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { authApi } from '../platform/api/auth-api.ts';
import { toast } from '../platform/app/toast.ts';
import { showServerFieldErrors } from '../platform/forms/server-errors.ts';
import { matchFieldRule, zodRule } from '../platform/forms/zod-rule.ts';

const fields = changePasswordSchema.shape;

/** The profile's reset-password dialog. The current password is checked by the server only (spec section 5). */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<ChangePasswordPayload>();
  const change = useMutation({
    mutationFn: authApi.changePassword,
    onSuccess: (envelope) => {
      form.resetFields();
      onClose();
      toast.success(envelope.message);
    },
    onError: (error) => showServerFieldErrors(form, error),
  });

  const cancel = () => {
    // resetFields also drops the validation errors.
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      title="Reset Password"
      open={open}
      okText="Submit"
      onOk={() => form.submit()}
      onCancel={cancel}
      confirmLoading={change.isPending}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        name="change-password"
        onFinish={(values) => change.mutate({ ...values, currentPassword: values.currentPassword ?? '' })}
      >
        <Form.Item label="Current Password" name="currentPassword">
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="New Password" name="newPassword" rules={[zodRule(fields.newPassword)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm Password"
          name="ConfirmPassword"
          dependencies={['newPassword']}
          rules={[
            zodRule(fields.ConfirmPassword),
            matchFieldRule('newPassword', AUTH_MESSAGES.dialogPasswordsDiffer),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
