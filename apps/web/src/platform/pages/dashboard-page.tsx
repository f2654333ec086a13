import { USER_TYPE_LABELS } from '@facet/contract';
import { Card, Tag, Typography } from 'antd';
import { useSession } from '../session/use-session.ts';

export function DashboardPage() {
  const { user } = useSession();
  return (
    <Card>
      <Typography.Title level={3}>Welcome, {user?.name ?? 'there'}</Typography.Title>
      {user && <Tag color="blue">{USER_TYPE_LABELS[user.type]}</Tag>}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        Dashboard — figures arrive with the dashboard issue
      </Typography.Paragraph>
    </Card>
  );
}
