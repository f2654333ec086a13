import { Button, Checkbox } from 'antd';
import { Link, useNavigate } from 'react-router';
import { authApi } from '../platform/api/auth-api.ts';
import { PATHS } from '../platform/app/paths.ts';
import { PasswordInput, TextInput } from '../platform/forms/inputs.ts';
import { useSchemaForm } from '../platform/forms/use-schema-form.ts';
import { useSubmit } from '../platform/forms/use-submit.ts';
import { setPendingSignIn } from '../platform/session/pending-sign-in.ts';
import { AuthCard } from './auth-card.tsx';
import { AuthField } from './auth-field.tsx';

interface SignInValues {
  username: string;
  password: string;
  remember: boolean;
}

function read(form: HTMLFormElement): SignInValues {
  const data = new FormData(form);
  return {
    username: String(data.get('username') ?? '').trim(),
    password: String(data.get('password') ?? ''),
    remember: data.get('remember') !== null,
  };
}

/**
 * Step one of two: check the credentials and have a code sent; the code screen finishes the sign-in.
 * A native form validated by the contract's signInSchema keeps this first screen within its budget.
 */
export function SignInPage() {
  const navigate = useNavigate();
  const sendOtp = useSubmit(async (values: SignInValues) => {
    const { data } = await authApi.sendLoginOtp(values);
    setPendingSignIn({ ...values, sentTo: data.sentTo });
    await navigate(PATHS.otpVerification);
  });
  const { errors, onSubmit, onChange } = useSchemaForm({
    schema: () => import('./auth-schemas.ts').then((schemas) => schemas.signInSchema),
    read,
    onValid: sendOtp.run,
  });

  return (
    <AuthCard title="Sign In" subtitle="Sign in to the Facet back office.">
      <form name="signin" noValidate onSubmit={onSubmit} onChange={onChange}>
        <AuthField id="signin-username" label="Username" error={errors.username}>
          <TextInput
            id="signin-username"
            name="username"
            placeholder="Username"
            autoComplete="username"
            autoFocus
            status={errors.username ? 'error' : undefined}
            aria-invalid={errors.username ? true : undefined}
            aria-describedby="signin-username-error"
          />
        </AuthField>
        <AuthField id="signin-password" label="Password" error={errors.password}>
          <PasswordInput
            id="signin-password"
            name="password"
            placeholder="Password"
            autoComplete="current-password"
            status={errors.password ? 'error' : undefined}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby="signin-password-error"
          />
        </AuthField>
        <div className="auth-links" style={{ marginBottom: 24 }}>
          <Checkbox name="remember" defaultChecked>
            Remember me
          </Checkbox>
          <Link to={PATHS.forgotPassword}>Forgot password?</Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={sendOtp.pending}>
          Sign In
        </Button>
      </form>
      <p className="auth-note">
        No account yet? <Link to={PATHS.signUp}>Sign up</Link>
      </p>
    </AuthCard>
  );
}
