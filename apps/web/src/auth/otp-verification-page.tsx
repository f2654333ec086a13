import { Button, Flex, Form } from 'antd';
import { useNavigate } from 'react-router';
import { authApi } from '../platform/api/auth-api.ts';
import { PATHS } from '../platform/app/paths.ts';
import { toast } from '../platform/app/toast.ts';
import { TextInput } from '../platform/forms/inputs.ts';
import { useSubmit } from '../platform/forms/use-submit.ts';
import { clearPendingSignIn, getPendingSignIn } from '../platform/session/pending-sign-in.ts';
import { AuthCard } from './auth-card.tsx';
import { authFieldRule } from './auth-field-rule.ts';
import { completeSignIn } from './complete-sign-in.ts';

/** Step two of the sign-in; the route loader has made sure step one's credentials are in memory. */
export function OtpVerificationPage() {
  const navigate = useNavigate();
  const pending = getPendingSignIn();

  const verify = useSubmit(async ({ otp }: { otp: string }) => {
    if (!pending) return;
    const { username, password, remember } = pending;
    const { data } = await authApi.login({ username, password, remember, otp: otp.trim() });
    await navigate(completeSignIn(data), { replace: true });
  });

  const resend = useSubmit(async () => {
    if (!pending) return;
    const { username, password, remember } = pending;
    const envelope = await authApi.sendLoginOtp({ username, password, remember, isResendOtp: true });
    toast.success(envelope.message);
  });

  const cancel = () => {
    clearPendingSignIn();
    void navigate(PATHS.root);
  };

  const sentTo = pending?.sentTo
    ? `We sent a one-time code to ${pending.sentTo}.`
    : 'We sent you a one-time code.';

  return (
    <AuthCard title="Verify it's you" subtitle={sentTo}>
      <Form<{ otp: string }> name="otp" layout="vertical" requiredMark={false} onFinish={verify.run}>
        <Form.Item label="OTP" name="otp" rules={[authFieldRule((s) => s.otpFormSchema.shape.otp)]}>
          <TextInput
            placeholder="Enter the code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            autoFocus
            size="large"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={verify.pending}>
          Verify
        </Button>
        <Flex gap={8} style={{ marginTop: 12 }}>
          <Button block onClick={() => resend.run()} loading={resend.pending}>
            Re-send
          </Button>
          <Button block onClick={cancel}>
            Cancel
          </Button>
        </Flex>
      </Form>
    </AuthCard>
  );
}
