import type { NotificationPreferenceRecord } from '@facet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Flex, Switch, Table, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from '../platform/app/toast.ts';
import { notificationChannelApi, notificationPreferencesKey } from './notification-channel-api.ts';
import { currentSubscription, disablePush, enablePush, pushSupported } from './push-device.ts';

type Channel = 'inApp' | 'email' | 'push';
const CHANNELS: { key: Channel; title: string }[] = [
  { key: 'inApp', title: 'In app' },
  { key: 'email', title: 'E-mail' },
  { key: 'push', title: 'Push' },
];
const OFF_FOR_EVERYONE = 'Turned off for everyone in the notification settings.';

/** "Notifications on this device": this browser's push subscription. */
function DeviceSwitch() {
  const supported = pushSupported();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [denied, setDenied] = useState(false);

  useEffect(() => {
    if (!supported) return;
    setDenied(Notification.permission === 'denied');
    void currentSubscription()
      .then((subscription) => setOn(subscription !== null))
      .catch(() => setOn(false));
  }, [supported]);

  if (!supported) {
    return <Typography.Text type="secondary">This browser cannot show notifications.</Typography.Text>;
  }
  const change = async (wanted: boolean) => {
    setBusy(true);
    try {
      if (wanted) {
        const result = await enablePush();
        setDenied(result === 'denied');
        setOn(result === 'on');
        if (result === 'on') toast.success('Notifications are on for this device.');
      } else {
        await disablePush();
        setOn(false);
        toast.success('Notifications are off for this device.');
      }
    } catch {
      toast.error('This device could not be set up for notifications. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical gap={8}>
      <Flex align="center" gap={12}>
        <Switch
          checked={on === true}
          loading={busy || on === null}
          disabled={denied}
          onChange={(checked) => void change(checked)}
          aria-label="Notifications on this device"
        />
        <span>Notifications on this device</span>
      </Flex>
      {denied && (
        <Typography.Text type="secondary">
          This browser blocks notifications from the panel. Allow them in the browser's site settings.
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The switches of one channel: off and disabled where the action's setting does not send it. */
function channelColumn(
  channel: { key: Channel; title: string },
  saving: string | null,
  toggle: (row: NotificationPreferenceRecord, channel: Channel, on: boolean) => void,
) {
  return {
    title: channel.title,
    key: channel.key,
    width: 64,
    align: 'center' as const,
    render: (_: unknown, row: NotificationPreferenceRecord) => {
      const available = row.available[channel.key];
      const control = (
        <Switch
          size="small"
          checked={available && row[channel.key]}
          disabled={!available}
          loading={saving === `${row.action}:${channel.key}`}
          onChange={(on) => toggle(row, channel.key, on)}
          aria-label={`${channel.title}: ${row.label}`}
        />
      );
      return available ? control : <Tooltip title={OFF_FOR_EVERYONE}>{control}</Tooltip>;
    },
  };
}

/**
 * The signed-in user's notification channels, on their profile: this device's push notifications, and
 * for each kind of notification whether it shows in the panel, is e-mailed or pushed. A switch saves as
 * it is turned, so no choice is left unsaved when the user moves on.
 */
export function NotificationChannelsSection() {
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: notificationPreferencesKey,
    queryFn: notificationChannelApi.preferences,
  });
  const list = preferences.data?.list ?? [];

  const save = useMutation({
    mutationFn: ({
      row,
      channel,
      on,
    }: {
      row: NotificationPreferenceRecord;
      channel: Channel;
      on: boolean;
    }) =>
      notificationChannelApi.savePreferences({
        // A channel the setting does not send is left "on": if the setting sends it one day, it reaches them.
        preferences: list.map((entry) => {
          const current = entry.action === row.action ? { ...entry, [channel]: on } : entry;
          return {
            action: entry.action,
            inApp: entry.available.inApp ? current.inApp : true,
            email: entry.available.email ? current.email : true,
            push: entry.available.push ? current.push : true,
          };
        }),
      }),
    onSuccess: (envelope) => {
      queryClient.setQueryData(notificationPreferencesKey, envelope.data);
      toast.success(envelope.message);
    },
  });
  const saving = save.isPending ? `${save.variables.row.action}:${save.variables.channel}` : null;
  const toggle = (row: NotificationPreferenceRecord, channel: Channel, on: boolean) => {
    if (!save.isPending) save.mutate({ row, channel, on });
  };

  return (
    <Card title="Notifications" className="notification-channels">
      <Flex vertical gap={16}>
        <DeviceSwitch />
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          Choose how each kind of notification reaches you; each switch is saved as you turn it. <b>In app</b>
          : in the bell at the top of the panel. <b>E-mail</b>: at your primary e-mail address. <b>Push</b>:
          on each device where "Notifications on this device" is on, even while the panel is closed. A switch
          you cannot change is off for everyone in the notification settings.
        </Typography.Paragraph>
        {preferences.isError && <Alert type="error" title="Your notification choices could not be loaded." />}
        <Table<NotificationPreferenceRecord>
          rowKey="action"
          size="small"
          pagination={false}
          loading={preferences.isLoading}
          dataSource={list}
          // A phone's width holds the three switches beside a label that wraps, no sideways scroll.
          tableLayout="fixed"
          columns={[
            { title: 'Notification', dataIndex: 'label', key: 'label' },
            ...CHANNELS.map((channel) => channelColumn(channel, saving, toggle)),
          ]}
        />
      </Flex>
    </Card>
  );
}
