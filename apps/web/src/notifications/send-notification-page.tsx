import {
  ADMIN_MODULES,
  CUSTOMER_MODULES,
  NOTIFICATION_ACTIONS,
  NOTIFICATION_LIMITS,
  type NotificationSendResult,
  notificationRecipientsSchema,
  type SendNotificationPayload,
  sendNotificationSchema,
  USER_TYPE_LABELS,
  type UserType,
} from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Divider, Flex, Form, type FormRule, Input, Select } from 'antd';
import { useState } from 'react';
import { toast } from '../platform/app/toast.ts';
import type { NamePath } from '../platform/forms/field-paths.ts';
import { showServerFieldErrors } from '../platform/forms/server-errors.ts';
import { zodRule } from '../platform/forms/zod-rule.ts';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { usePermissions } from '../platform/session/use-holder.ts';
import { notificationApi, notificationsKey } from './notification-api.ts';
import { RecipientSelect } from './recipient-select.tsx';
import { SentNotifications } from './sent-notifications.tsx';

type FormValues = SendNotificationPayload;

const fields = sendNotificationSchema.shape;
const USER_TYPES_FIELD: NamePath = ['recipients', 'userTypes'];
const ACCOUNTS_FIELD: NamePath = ['recipients', 'accountIds'];
const USERS_FIELD: NamePath = ['recipients', 'userIds'];

const ACTION_OPTIONS = NOTIFICATION_ACTIONS.map((action) => ({ value: action.value, label: action.label }));
const MODULE_OPTIONS = [
  {
    label: 'Customer app',
    options: CUSTOMER_MODULES.map((entry) => ({ value: entry.module, label: entry.title })),
  },
  { label: 'Panel', options: ADMIN_MODULES.map((entry) => ({ value: entry.module, label: entry.title })) },
];
const USER_TYPE_OPTIONS = Object.entries(USER_TYPE_LABELS).map(([value, label]) => ({
  value: Number(value) as UserType,
  label,
}));

/** At least one recipient, whichever of the three pickers holds it; shown on the first. */
const recipientsRule: FormRule = ({ getFieldValue }) => ({
  validator: async () => {
    const result = notificationRecipientsSchema.safeParse({
      userTypes: getFieldValue(USER_TYPES_FIELD) ?? [],
      accountIds: getFieldValue(ACCOUNTS_FIELD) ?? [],
      userIds: getFieldValue(USERS_FIELD) ?? [],
    });
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
});

/** The server names the whole recipient choice, or one entry of a list: both land on a picker. */
function recipientField(path: NamePath): NamePath {
  if (path[0] !== 'recipients') return path;
  return path.length === 1 ? USER_TYPES_FIELD : path.slice(0, 2);
}

/**
 * `notification/upsert/:id?`: a notification to users, user types or companies, and the history of sends. The contract's schema
 * validates; the server reports unknown recipients and sends the e-mails the action's setting asks for.
 */
export function SendNotificationPage() {
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const allowed = can('Notification Settings', 'insert');
  const [result, setResult] = useState<NotificationSendResult | null>(null);

  const send = useMutation({
    mutationFn: (values: FormValues) => notificationApi.send(values),
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      setResult(envelope.data);
      form.resetFields();
      // The sender may be among the recipients; the history below gains this send.
      void queryClient.invalidateQueries({ queryKey: notificationsKey });
    },
    onError: (error) => showServerFieldErrors(form, error, recipientField),
  });

  return (
    <>
      <PageHeader title="Send a notification" />
      <Card style={{ maxWidth: 760 }}>
        {!allowed && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="You may view this screen, but sending needs the insert permission of Notification Settings."
          />
        )}
        {result && (
          <Alert
            type="success"
            showIcon
            closable={{ onClose: () => setResult(null) }}
            style={{ marginBottom: 16 }}
            title={`Sent to ${result.recipients} ${result.recipients === 1 ? 'user' : 'users'}${
              result.emailed > 0 ? `; ${result.emailed} e-mailed` : ''
            }.`}
          />
        )}
        <Form<FormValues>
          form={form}
          name="send-notification"
          layout="vertical"
          requiredMark
          disabled={!allowed}
          onValuesChange={() => setResult(null)}
          onFinish={(values) => send.mutate(values)}
        >
          <Form.Item label="Title" name="title" rules={[zodRule(fields.title)]}>
            <Input maxLength={NOTIFICATION_LIMITS.title} autoComplete="off" />
          </Form.Item>
          <Form.Item label="Message" name="message" rules={[zodRule(fields.message)]}>
            <Input.TextArea rows={5} maxLength={NOTIFICATION_LIMITS.message} showCount />
          </Form.Item>
          <Flex gap={16} wrap>
            <Form.Item
              label="Action"
              name="action"
              rules={[zodRule(fields.action, { required: false })]}
              extra="Its notification setting decides whether an e-mail goes too."
              style={{ flex: '1 1 240px' }}
            >
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={ACTION_OPTIONS} />
            </Form.Item>
            <Form.Item
              label="Module"
              name="module"
              rules={[zodRule(fields.module, { required: false })]}
              extra="Where the notification leads in the apps."
              style={{ flex: '1 1 240px' }}
            >
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={MODULE_OPTIONS} />
            </Form.Item>
          </Flex>
          <Divider titlePlacement="start" plain>
            Recipients: any of
          </Divider>
          <Form.Item
            label="User types"
            name={USER_TYPES_FIELD}
            rules={[recipientsRule]}
            dependencies={[ACCOUNTS_FIELD, USERS_FIELD]}
            extra="Every active user of these types."
          >
            <Select mode="multiple" allowClear options={USER_TYPE_OPTIONS} />
          </Form.Item>
          <Form.Item label="Companies" name={ACCOUNTS_FIELD} extra="Every active user of these companies.">
            <RecipientSelect kind="companies" placeholder="Search companies by name or code" />
          </Form.Item>
          <Form.Item label="Users" name={USERS_FIELD}>
            <RecipientSelect kind="users" placeholder="Search users by name, username or e-mail" />
          </Form.Item>
          <Flex justify="end">
            <Button type="primary" htmlType="submit" loading={send.isPending}>
              Send
            </Button>
          </Flex>
        </Form>
      </Card>
      <SentNotifications />
    </>
  );
}
