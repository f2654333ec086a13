import { isUuid } from '@facet/contract';
import { Button, Card, Result } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { panelPath } from '../platform/app/paths.ts';

/**
 * `<list>/{userId}` with something other than a customer in the link: it names no one, so the page
 * says so, with the whole list one click away, rather than asking the server and showing its refusal.
 */
export function OneCustomerRoute({ list, children }: { list: string; children: ReactNode }) {
  const { id } = useParams();
  const navigate = useNavigate();
  if (id === undefined || isUuid(id)) return children;
  return (
    <Card>
      <Result
        status="404"
        title="Customer not found"
        extra={<Button onClick={() => void navigate(panelPath(list))}>Back to the list</Button>}
      />
    </Card>
  );
}
