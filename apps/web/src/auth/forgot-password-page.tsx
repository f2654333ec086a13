import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { authApi } from '../platform/api/auth-api.ts';
import { PATHS } from '../platform/app/paths.ts';
import { TextInput } from '../platform/forms/inputs.ts';
import { useSubmit } from '../platform/forms/use-submit.ts';
import { AuthCard } from './auth-card.tsx';
import { authFieldRule } from './auth-field-rule.ts';

export function ForgotPasswordPage() {
  const [form] = Form.useForm<{ username: string }>();
  const [sent, setSent] = useState<string | null>(null);
  const request = useSubmit(async ({ username }: { username: string }) => {
    const envelope = await authApi.forgotPassword({ username: username.trim() });
    setSent(envelope.message);
    form.resetFields();
  }, form);

  return (
    <AuthCard title="Forgot password" subtitle="Enter your e-mail and we will send you a reset link.">
      {sent && <Alert type="success" showIcon title={sent} style={{ marginBottom: 24 }} />}
      <Form form={form} name="forgot-password" layout="vertical" onFinish={request.run}>
        {/* The legacy payload names the e-mail `username`. */}
        <Form.Item label="E-mail" name="username" rules={[authFieldRule((s) => s.forgotPasswordEmailSchema)]}>
          <TextInput placeholder="E-mail" type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={request.pending}>
          Send Reset Link
        </Button>
      </Form>
      <p className="auth-note">
        <Link to={PATHS.signIn}>Back to login</Link>
      </p>
    </AuthCard>
  );
}
