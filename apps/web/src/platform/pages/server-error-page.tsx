import { MESSAGES } from '@facet/contract';
import { Button, Result } from 'antd';
import { PATHS } from '../app/paths.ts';

/** Rendered by the error boundary, possibly outside the router's normal tree: a plain link reloads cleanly. */
export function ServerErrorPage() {
  return (
    <Result
      status="500"
      title="500"
      subTitle={MESSAGES.serverError}
      extra={
        <Button type="primary" href={PATHS.root}>
          Go Home
        </Button>
      }
    />
  );
}
