import { MESSAGES } from '@facet/contract';
import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { PATHS } from '../app/paths.ts';

export function NotFoundPage() {
  return (
    <Result
      status="404"
      title="404"
      subTitle={MESSAGES.pageNotFound}
      extra={
        <Link to={PATHS.root}>
          <Button type="primary">Go Home</Button>
        </Link>
      }
    />
  );
}
