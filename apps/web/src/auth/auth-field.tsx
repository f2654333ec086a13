import type { ReactNode } from 'react';

/** Label, control and error in antd's vertical form look, for the native sign-in form. */
export function AuthField(props: { id: string; label: string; error?: string; children: ReactNode }) {
  const { id, label, error, children } = props;
  return (
    <div className="auth-field">
      <label className="auth-field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      <div className="auth-field-error" id={`${id}-error`} role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}
