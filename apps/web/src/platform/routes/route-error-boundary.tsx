import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import type { NoAccess } from './redirect-rules.ts';

// The error pages use antd Result; loading them on demand keeps it out of the first screen's code.
const NotFoundPage = lazy(() =>
  import('../pages/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
);
const NoAccessPage = lazy(() =>
  import('../pages/no-access-page.tsx').then((m) => ({ default: m.NoAccessPage })),
);
const ServerErrorPage = lazy(() =>
  import('../pages/server-error-page.tsx').then((m) => ({ default: m.ServerErrorPage })),
);

function ErrorPage({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 403)
    return <NoAccessPage {...(error.data as NoAccess)} />;
  return <ServerErrorPage />;
}

/** The root's and every panel screen's: the router drops the error with the next navigation. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Suspense fallback={null}>
      <ErrorPage error={error} />
    </Suspense>
  );
}
