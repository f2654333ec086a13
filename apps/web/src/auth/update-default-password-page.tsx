import { AUTH_MESSAGES, type ResetPasswordByUserPayload } from '@facet/contract';
import { Button, Form } from 'antd';
import { Link, useNavigate } from 'react-router';
import { authApi } from '../platform/api/auth-api.ts';
import { PATHS } from '../platform/app/paths.ts';
import { toast } from '../platform/app/toast.ts';
import { PasswordInput } from '../platform/forms/inputs.ts';
import { useSubmit } from '../platform/forms/use-submit.ts';
import { matchFieldRule } from '../platform/forms/zod-rule.ts';
import {
  clearDefaultPasswordUser,
  getDefaultPasswordUser,
} from '../platform/session/default-password-user.ts';
import { AuthCard } from './auth-card.tsx';
import { authFieldRule } from './auth-field-rule.ts';

/** Forced first change: `password` is the new password and `newPassword` its retype (legacy names). */
export function UpdateDefaultPasswordPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetPasswordByUserPayload>();
  const update = useSubmit(async (values: ResetPasswordByUserPayload) => {
    const pending = getDefaultPasswordUser();
    if (!pending) return;
    const envelope = await authApi.resetPasswordByUser(values, pending.token);
    clearDefaultPasswordUser();
    toast.success(envelope.message);
    await navigate(PATHS.signIn, { replace: true });
  }, form);

  return (
    <AuthCard title="Update default password" subtitle="Choose your own password before you continue.">
      <Form<ResetPasswordByUserPayload>
        form={form}
        name="update-default-password"
        layout="vertical"
        onFinish={update.run}
      >
        <Form.Item
          label="Current Password"
          name="currentPassword"
          rules={[authFieldRule((s) => s.resetPasswordByUserSchema.shape.currentPassword)]}
        >
          <PasswordInput autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item
          label="New Password"
          name="password"
          rules={[authFieldRule((s) => s.resetPasswordByUserSchema.shape.password)]}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Retype Password"
          name="newPassword"
          dependencies={['password']}
          rules={[
            authFieldRule((s) => s.resetPasswordByUserSchema.shape.newPassword),
            matchFieldRule('password', AUTH_MESSAGES.passwordsInconsistent),
          ]}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={update.pending}>
          Update Password
        </Button>
      </Form>
      <p className="auth-note">
        <Link to={PATHS.signIn}>Back to login</Link>
      </p>
    </AuthCard>
  );
}
