import { AUTH_MESSAGES, MESSAGES, type RegisterPayload } from '@facet/contract';
import { Alert, Button, Checkbox, Form } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { authApi } from '../platform/api/auth-api.ts';
import { PATHS } from '../platform/app/paths.ts';
import { toast } from '../platform/app/toast.ts';
import { PasswordInput, TextInput } from '../platform/forms/inputs.ts';
import { useSubmit } from '../platform/forms/use-submit.ts';
import { mustBeCheckedRule } from '../platform/forms/zod-rule.ts';
import { AuthCard } from './auth-card.tsx';
import { authFieldRule } from './auth-field-rule.ts';

type SignUpValues = RegisterPayload & { accept: boolean };

export function SignUpPage() {
  const [created, setCreated] = useState<string | null>(null);
  const [form] = Form.useForm<SignUpValues>();
  const register = useSubmit(async ({ name, email, password }: SignUpValues) => {
    const envelope = await authApi.register({ name: name.trim(), email: email.trim(), password });
    // The legacy client treated a falsy result as a failed call.
    if (!envelope.data.result) toast.error(MESSAGES.networkError);
    else setCreated(envelope.message);
  }, form);

  return (
    <AuthCard title="Create an account" subtitle="An administrator activates new accounts.">
      {created ? (
        <Alert
          type="success"
          showIcon
          title={created}
          description={<Link to={PATHS.signIn}>Go to sign in</Link>}
        />
      ) : (
        <Form<SignUpValues> form={form} name="signup" layout="vertical" onFinish={register.run}>
          <Form.Item label="Name" name="name" rules={[authFieldRule((s) => s.registerSchema.shape.name)]}>
            <TextInput placeholder="Name" autoComplete="name" autoFocus />
          </Form.Item>
          <Form.Item label="E-mail" name="email" rules={[authFieldRule((s) => s.registerSchema.shape.email)]}>
            <TextInput placeholder="E-mail" type="email" autoComplete="email" />
          </Form.Item>
          <Form.Item
            label="Password"
            name="password"
            rules={[authFieldRule((s) => s.registerSchema.shape.password)]}
          >
            <PasswordInput placeholder="Password" autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="accept"
            valuePropName="checked"
            rules={[mustBeCheckedRule(AUTH_MESSAGES.acceptRequired)]}
          >
            <Checkbox>I accept the terms and conditions</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={register.pending}>
            Sign Up
          </Button>
        </Form>
      )}
      <p className="auth-note">
        Already have an account? <Link to={PATHS.signIn}>Sign in</Link>
      </p>
    </AuthCard>
  );
}
