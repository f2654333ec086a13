import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import { can, type NotificationRecord } from '@facet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Flex, Popover } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { panelPath } from '../platform/app/paths.ts';
import { formatDateTime } from '../platform/lists/format.ts';
import { holderOf } from '../platform/session/session-store.ts';
import { useSession } from '../platform/session/use-session.ts';
import { PlainText } from '../platform/typography/plain-text.tsx';
import { notificationApi, notificationsKey } from './notification-api.ts';
import { timeAgo } from './time-ago.ts';
import './notification-bell.css';

const LATEST = 10;
const POLL_MS = 60_000;

export const latestNotificationsKey = [...notificationsKey, 'latest'] as const;

function NotificationItem({
  notification,
  onOpen,
  onMarkRead,
}: {
  notification: NotificationRecord;
  onOpen: () => void;
  onMarkRead: () => void;
}) {
  const unread = !notification.isRead;
  return (
    <li className={unread ? 'notification-item notification-unread' : 'notification-item'}>
      <button type="button" className="notification-open" onClick={onOpen}>
        <span className="notification-title">{notification.title}</span>
        <span className="notification-message">{notification.message}</span>
      </button>
      <Flex justify="space-between" align="center">
        <PlainText
          type="secondary"
          className="notification-time"
          title={formatDateTime(notification.createdAt)}
        >
          {timeAgo(notification.createdAt)}
          {notification.createdByName ? ` · ${notification.createdByName}` : ''}
        </PlainText>
        {unread && (
          <Button type="link" size="small" onClick={onMarkRead}>
            Mark as read
          </Button>
        )}
      </Flex>
    </li>
  );
}

/**
 * The header's bell: the caller's unread count (polled every minute and on returning to the tab), and
 * the latest notifications with mark-as-read and mark-all-read.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const holder = holderOf(useSession());
  const maySend = holder !== null && can(holder, 'Notification Settings', 'insert');
  const latest = useQuery({
    queryKey: latestNotificationsKey,
    queryFn: () => notificationApi.paginate({ page: 1, limit: LATEST }),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationsKey });
  const mark = useMutation({
    mutationFn: ({ id, visited }: { id: string; visited: boolean }) =>
      notificationApi.update(id, visited ? { isRead: true, isVisited: true } : { isRead: true }),
    onSuccess: refresh,
  });
  const readAll = useMutation({ mutationFn: notificationApi.readAll, onSuccess: refresh });

  const unread = latest.data?.unread ?? 0;
  const list = latest.data?.list ?? [];
  const content = (
    <div className="notification-panel">
      <Flex justify="space-between" align="center" className="notification-panel-head">
        <PlainText strong>Notifications</PlainText>
        <Button
          type="link"
          size="small"
          disabled={unread === 0}
          loading={readAll.isPending}
          onClick={() => readAll.mutate()}
        >
          Mark all read
        </Button>
      </Flex>
      {latest.isError ? (
        <PlainText type="danger">The notifications could not be loaded.</PlainText>
      ) : list.length === 0 ? (
        <PlainText type="secondary">{latest.isPending ? 'Loading…' : 'No notifications yet.'}</PlainText>
      ) : (
        <ul className="notification-list" aria-label="Latest notifications">
          {list.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              onOpen={() => {
                if (!notification.isVisited || !notification.isRead) {
                  mark.mutate({ id: notification.id, visited: true });
                }
              }}
              onMarkRead={() => mark.mutate({ id: notification.id, visited: false })}
            />
          ))}
        </ul>
      )}
      <Flex justify="space-between" align="center" className="notification-panel-foot">
        <PlainText type="secondary" className="notification-more">
          {latest.data && latest.data.count > list.length
            ? `${latest.data.count - list.length} older not shown`
            : ''}
        </PlainText>
        {maySend && (
          <Link to={panelPath('notification/upsert')} onClick={() => setOpen(false)}>
            Send a notification
          </Link>
        )}
      </Flex>
    </div>
  );

  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      classNames={{ root: 'notification-popover' }}
    >
      <Button
        type="text"
        shape="circle"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        icon={
          <Badge count={unread} overflowCount={99} size="small">
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
