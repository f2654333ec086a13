import type { AdminAction } from '@facet/contract';
import { Button, Result } from 'antd';
import { useMatches, useNavigate } from 'react-router';
import { PATHS, type PanelRouteHandle } from '../app/paths.ts';

/**
 * A screen the signed-in user may not open, in place of the screen: the screen by its name, the
 * permission it needs by its module (a screen and its module are not always named alike: Company needs
 * Account), and a way on.
 */
export function NoAccessPage({ module, action }: { module: string; action: AdminAction }) {
  const navigate = useNavigate();
  const handle = useMatches().at(-1)?.handle as PanelRouteHandle | undefined;
  const screen = handle?.title ?? module;
  const permission = `the ${action} permission of ${module}`;
  return (
    <Result
      status="403"
      title={`No access to ${screen}`}
      subTitle={`Opening ${screen} needs ${permission}. Ask an administrator to grant it.`}
      extra={
        <Button type="primary" onClick={() => void navigate(PATHS.dashboard)}>
          Back to dashboard
        </Button>
      }
    />
  );
}
