import { Card, Empty, Typography } from 'antd';
import { useMatches } from 'react-router';
import type { PanelRouteHandle } from '../app/paths.ts';

/** Stands in for a screen whose own issue has not landed yet; the route and its guard are already real. */
export function PlaceholderPage() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as PanelRouteHandle | undefined;
  const title = handle?.title ?? 'This screen';
  return (
    <Card>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Empty description={`${title} — this screen arrives with its own issue`} />
    </Card>
  );
}
