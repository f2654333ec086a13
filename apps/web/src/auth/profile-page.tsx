import { type ContactEntry, USER_TYPE_LABELS } from '@facet/contract';
import { Button, Card, Descriptions, Flex, Space, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../platform/session/use-session.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';

const NotificationChannelsSection = lazy(() =>
  import('../notifications/notification-channels-section.tsx').then((module) => ({
    default: module.NotificationChannelsSection,
  })),
);

function ContactList({ entries }: { entries: readonly ContactEntry[] }) {
  if (entries.length === 0) return <>—</>;
  return (
    <Space orientation="vertical" size={2}>
      {entries.map((entry) => (
        <span key={entry.value}>
          {entry.value} {entry.isPrimary && <Tag color="blue">Primary</Tag>}
        </span>
      ))}
    </Space>
  );
}

export function ProfilePage() {
  const { user } = useSession();
  const [dialogOpen, setDialogOpen] = useState(false);
  if (!user) return null;
  return (
    <Flex vertical gap={16}>
      <Card
        title="My Account"
        extra={
          <Button type="primary" onClick={() => setDialogOpen(true)}>
            Reset Password
          </Button>
        }
      >
        <Descriptions column={1} bordered size="middle">
          <Descriptions.Item label="Name">{user.name}</Descriptions.Item>
          <Descriptions.Item label="Username">{user.username}</Descriptions.Item>
          <Descriptions.Item label="E-mails">
            <ContactList entries={user.emails} />
          </Descriptions.Item>
          <Descriptions.Item label="Phones">
            <ContactList entries={user.phones} />
          </Descriptions.Item>
          <Descriptions.Item label="Type">{USER_TYPE_LABELS[user.type]}</Descriptions.Item>
        </Descriptions>
        <ChangePasswordDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
      </Card>
      <Suspense fallback={null}>
        <NotificationChannelsSection />
      </Suspense>
    </Flex>
  );
}
