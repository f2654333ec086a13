import { type AdminModuleName, SETTING_CATALOGUE, SETTING_GROUPS, settingResource } from '@facet/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Skeleton } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { call } from '../platform/api/api-client.ts';
import { toast } from '../platform/app/toast.ts';
import { showServerFieldErrors } from '../platform/forms/server-errors.ts';
import { useUnsavedGuard } from '../platform/forms/use-unsaved-guard.ts';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { resourceApi, resourceKey } from '../platform/resources/resource-api.ts';
import { usePermissions } from '../platform/session/use-holder.ts';
import { SETTING_REFS } from './setting-refs.ts';
import {
  fromInputValue,
  hasChanged,
  type SettingInputValue,
  type StoredSetting,
  settingLines,
  toInputValue,
} from './setting-values.ts';

// The inputs (colour, date and time pickers) load after the screen, which shows a skeleton meanwhile.
const SettingItem = lazy(() =>
  import('./setting-item.tsx').then((module) => ({ default: module.SettingItem })),
);
const ResourceFormDrawer = lazy(() =>
  import('../platform/resources/resource-form-drawer.tsx').then((module) => ({
    default: module.ResourceFormDrawer,
  })),
);

type Values = Record<string, SettingInputValue>;

const api = resourceApi(settingResource);
const SETTINGS_KEY = [...resourceKey(settingResource.name), 'settings-screen'] as const;

/**
 * The settings as people read them: each under its label and help, with the input its value takes (a
 * colour picker, a date or time picker, a number, a switch), grouped; Save writes what changed. `group`
 * pins the screen to one group (Notification Settings' screen).
 */
function SettingsScreen({
  title,
  group,
  module,
}: {
  title: string;
  group?: number;
  module: AdminModuleName;
}) {
  const { can } = usePermissions();
  const canSave = can(module, 'update');
  const canAdd = can(module, 'insert');
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [adding, setAdding] = useState(false);
  const guard = useUnsavedGuard(dirty);
  const stored = useQuery({
    queryKey: [...SETTINGS_KEY, group ?? 'all'],
    queryFn: () =>
      api
        .paginate({ page: 1, limit: 500, filter: group === undefined ? {} : { group } })
        .then((page) => page.list as unknown as StoredSetting[]),
  });
  const sections = useMemo(
    () => settingLines(SETTING_CATALOGUE, stored.data ?? [], group),
    [stored.data, group],
  );
  const lines = useMemo(() => sections.flatMap((section) => section.lines), [sections]);
  const initialValues = useMemo(
    () => Object.fromEntries(lines.map((line) => [line.key, toInputValue(line.definition, line.stored)])),
    [lines],
  );

  const save = async (values: Values) => {
    const changed = lines.filter((line) => hasChanged(line.definition, values[line.key], line.stored));
    if (changed.length === 0) {
      setDirty(false);
      return;
    }
    setSaving(true);
    const messages: string[] = [];
    try {
      for (const line of changed) {
        const body = {
          key: line.key,
          group: line.definition.group,
          ...(line.stored ? {} : { description: line.help ?? null }),
          ...fromInputValue(line.definition, values[line.key], line.stored),
        };
        try {
          messages.push((await call(SETTING_REFS.upsert, body)).message);
        } catch (error) {
          // The server names the field of the body (`value`, `data.primary`): it belongs to this setting.
          showServerFieldErrors(form, error, (path) => [line.key, ...path.slice(1)]);
          return;
        }
      }
      setDirty(false);
    } finally {
      setSaving(false);
      if (messages.length > 0) {
        toast.success(messages.length === 1 ? (messages[0] as string) : `${messages.length} settings saved.`);
        await queryClient.invalidateQueries({ queryKey: resourceKey(settingResource.name) });
      }
    }
  };

  return (
    <Card>
      {guard.contextHolder}
      <PageHeader
        title={title}
        extra={
          canAdd && (
            <Button onClick={() => setAdding(true)} disabled={stored.isPending}>
              Add setting
            </Button>
          )
        }
      />
      {!canSave && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`You may view these settings; changing them needs the update permission of ${module}.`}
        />
      )}
      {stored.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Form<Values>
          key={stored.dataUpdatedAt}
          form={form}
          name={`settings-${group ?? 'all'}`}
          layout="horizontal"
          labelCol={{ flex: '240px' }}
          labelWrap
          initialValues={initialValues}
          onValuesChange={() => setDirty(true)}
          onFinish={(values) => void save(values)}
          disabled={!canSave}
        >
          <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
            {sections.map((section) => (
              <Card key={section.group} type="inner" title={section.title} style={{ marginBottom: 16 }}>
                {section.lines.map((line) => (
                  <SettingItem key={line.key} line={line} />
                ))}
              </Card>
            ))}
          </Suspense>
          {canSave && (
            <Flex gap={8}>
              <Button type="primary" htmlType="submit" loading={saving} disabled={!dirty}>
                Save changes
              </Button>
              <Button
                disabled={!dirty}
                onClick={() =>
                  guard.confirmDiscard(() => {
                    form.resetFields();
                    setDirty(false);
                  })
                }
              >
                Discard changes
              </Button>
            </Flex>
          )}
        </Form>
      )}
      {adding && (
        <Suspense fallback={null}>
          <ResourceFormDrawer
            resource={settingResource}
            pinned={group === undefined ? {} : { group }}
            target="new"
            onClose={() => setAdding(false)}
          />
        </Suspense>
      )}
    </Card>
  );
}

export function GeneralSettingsPage() {
  return <SettingsScreen title="General setting" module="General Settings" />;
}

export function NotificationSettingsPage() {
  return (
    <SettingsScreen title="Setting" group={SETTING_GROUPS.NOTIFICATION} module="Notification Settings" />
  );
}
