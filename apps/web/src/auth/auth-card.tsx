import type { ReactNode } from 'react';
import './auth-card.css';

/**
 * The frame every public screen shares: the product name over one centred card. Plain markup, not antd
 * Card/Typography: those pull Tabs, Tooltip and more into the sign-in screen's code.
 */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="auth-page">
      <div className="auth-column">
        <div className="auth-brand">
          <svg viewBox="0 0 32 32" width="36" height="36" aria-hidden="true">
            <path fill="currentColor" d="M8 4h16l6 8-14 16L2 12z" />
            <path fill="#fff" opacity=".3" d="M8 4l4 8h8l4-8zM2 12h28L16 28z" />
          </svg>
          <span>Facet</span>
        </div>
        <section className="auth-card">
          <h1 className="auth-title">{title}</h1>
          {subtitle && <p className="auth-subtitle">{subtitle}</p>}
          {children}
        </section>
        <p className="auth-footer">Facet back office</p>
      </div>
    </main>
  );
}
