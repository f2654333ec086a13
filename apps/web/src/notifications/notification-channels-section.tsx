import type { NotificationPreferenceRecord } from '@facet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Switch, Table, Tooltip, Typography } from 'antd';
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
  choices: Record<string, NotificationPreferenceRecord>,
  toggle: (action: string, channel: Channel, on: boolean) => void,
) {
  return {
    title: channel.title,
    key: channel.key,
    width: 72,
    align: 'center' as const,
    render: (_: unknown, row: NotificationPreferenceRecord) => {
      const current = choices[row.action] ?? row;
      const available = row.available[channel.key];
      const control = (
        <Switch
          size="small"
          checked={available && current[channel.key]}
          disabled={!available}
          onChange={(on) => toggle(row.action, channel.key, on)}
          aria-label={`${channel.title}: ${row.label}`}
        />
      );
      return available ? control : <Tooltip title={OFF_FOR_EVERYONE}>{control}</Tooltip>;
    },
  };
}

/**
 * The signed-in user's notification channels, on their profile: this device's push notifications, and
 * for each kind of notification whether it shows in the panel, is e-mailed or pushed.
 */
export function NotificationChannelsSection() {
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: notificationPreferencesKey,
    queryFn: notificationChannelApi.preferences,
  });
  const [choices, setChoices] = useState<Record<string, NotificationPreferenceRecord>>({});
  const list = preferences.data?.list ?? [];
  const dirty = Object.keys(choices).length > 0;

  const save = useMutation({
    mutationFn: () =>
      notificationChannelApi.savePreferences({
        // A channel the setting does not send is left "on": if the setting sends it one day, it reaches them.
        preferences: list.map((row) => {
          const current = choices[row.action] ?? row;
          return {
            action: row.action,
            inApp: row.available.inApp ? current.inApp : true,
            email: row.available.email ? current.email : true,
            push: row.available.push ? current.push : true,
          };
        }),
      }),
    onSuccess: (envelope) => {
      queryClient.setQueryData(notificationPreferencesKey, envelope.data);
      setChoices({});
      toast.success(envelope.message);
    },
  });
  const toggle = (action: string, channel: Channel, on: boolean) => {
    const row = list.find((entry) => entry.action === action);
    if (!row) return;
    setChoices((previous) => ({ ...previous, [action]: { ...(previous[action] ?? row), [channel]: on } }));
  };

  return (
    <Card title="Notifications" className="notification-channels">
      <Flex vertical gap={16}>
        <DeviceSwitch />
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          Choose how each kind of notification reaches you. Push notifications reach the devices where you
          turned them on.
        </Typography.Paragraph>
        {preferences.isError && <Alert type="error" title="Your notification choices could not be loaded." />}
        <Table<NotificationPreferenceRecord>
          rowKey="action"
          size="small"
          pagination={false}
          loading={preferences.isLoading}
          dataSource={list}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: 'Notification', dataIndex: 'label', key: 'label' },
            ...CHANNELS.map((channel) => channelColumn(channel, choices, toggle)),
          ]}
        />
        <Flex gap={8} justify="flex-end">
          <Button disabled={!dirty || save.isPending} onClick={() => setChoices({})}>
            Cancel
          </Button>
          <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={() => save.mutate()}>
            Save
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
