import { MESSAGES } from '@facet/contract';
import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { PATHS } from '../app/paths.ts';
import { getToken } from '../session/session-store.ts';
import './not-found-page.css';

/**
 * An address that leads nowhere, inside the panel's frame or on its own: the brand, what happened (the
 * spec's message), and the way back to where the visitor can go from here.
 */
export function NotFoundPage() {
  const signedIn = getToken() !== null;
  return (
    <div className="not-found-page">
      <div className="not-found-brand">
        <span className="not-found-mark" aria-hidden="true">
          ◆
        </span>
        Facet
      </div>
      <Result
        status="404"
        title="Page not found"
        subTitle={MESSAGES.pageNotFound}
        extra={
          <Link to={signedIn ? PATHS.dashboard : PATHS.root}>
            <Button type="primary">{signedIn ? 'Back to dashboard' : 'Go to sign in'}</Button>
          </Link>
        }
      />
    </div>
  );
}
