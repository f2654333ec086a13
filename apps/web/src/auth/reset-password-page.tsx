import { AUTH_MESSAGES } from '@facet/contract';
import { Button, Form } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { authApi } from '../platform/api/auth-api.ts';
import { PATHS } from '../platform/app/paths.ts';
import { toast } from '../platform/app/toast.ts';
import { PasswordInput } from '../platform/forms/inputs.ts';
import { useSubmit } from '../platform/forms/use-submit.ts';
import { matchFieldRule } from '../platform/forms/zod-rule.ts';
import { AuthCard } from './auth-card.tsx';
import { authFieldRule } from './auth-field-rule.ts';

interface ResetValues {
  newPassword: string;
  confirm: string;
}

/** Opened from the mailed link; the link's id is the reset token. */
export function ResetPasswordPage() {
  const { resetId = '' } = useParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetValues>();
  const reset = useSubmit(async (values: ResetValues) => {
    const envelope = await authApi.resetPassword({ token: resetId, newPassword: values.newPassword });
    toast.success(envelope.message);
    await navigate(PATHS.signIn, { replace: true });
  }, form);

  return (
    <AuthCard title="Reset password" subtitle="Choose a new password for your account.">
      <Form<ResetValues> form={form} name="reset-password" layout="vertical" onFinish={reset.run}>
        <Form.Item
          label="New Password"
          name="newPassword"
          rules={[authFieldRule((s) => s.resetPasswordByTokenSchema.shape.newPassword)]}
        >
          <PasswordInput autoComplete="new-password" autoFocus />
        </Form.Item>
        {/* The retype field of the forced change carries the same 'confirm' message. */}
        <Form.Item
          label="Retype Password"
          name="confirm"
          dependencies={['newPassword']}
          rules={[
            authFieldRule((s) => s.resetPasswordByUserSchema.shape.newPassword),
            matchFieldRule('newPassword', AUTH_MESSAGES.passwordsInconsistent),
          ]}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={reset.pending}>
          Reset Password
        </Button>
      </Form>
      <p className="auth-note">
        <Link to={PATHS.signIn}>Back to login</Link>
      </p>
    </AuthCard>
  );
}
