import {
  type BodyIn,
  formTitleOf,
  PERMISSION_SCOPES,
  type ROLE_ENDPOINTS,
  type RoleRecord,
  roleCreateSchema,
} from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Flex, Form, Input, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { invalidateLoginUser } from '../platform/api/login-user-query.ts';
import { roleApi } from '../platform/api/user-admin-api.ts';
import { toast } from '../platform/app/toast.ts';
import { showServerFieldErrors } from '../platform/forms/server-errors.ts';
import { zodRule } from '../platform/forms/zod-rule.ts';
import { rolesKey, scopeLabel } from './role-labels.ts';

const fields = roleCreateSchema.shape;

interface RoleFormValues {
  name: string;
  description: string;
  scope: RoleRecord['scope'];
  isActive: boolean;
}

/** Create or edit a role. The scope is fixed once created: the role's permission set belongs to it. */
export function RoleFormDrawer({
  target,
  onClose,
}: {
  target: RoleRecord | 'new' | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<RoleFormValues>();
  const queryClient = useQueryClient();
  const editing = target !== null && target !== 'new' ? target : null;

  useEffect(() => {
    if (target === null) return;
    form.setFieldsValue(
      editing
        ? { ...editing, description: editing.description ?? '' }
        : { name: '', description: '', scope: 'admin', isActive: true },
    );
  }, [target, editing, form]);

  const save = useMutation({
    mutationFn: (values: RoleFormValues) => {
      const description = values.description?.trim() ? values.description.trim() : null;
      const body: BodyIn<typeof ROLE_ENDPOINTS.create> = { ...values, description };
      if (!editing) return roleApi.create(body);
      const { scope: _fixed, ...update } = body;
      return roleApi.update(editing.id, update);
    },
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      void queryClient.invalidateQueries({ queryKey: rolesKey });
      // Deactivating a role can take permissions from the signed-in user.
      void invalidateLoginUser(queryClient);
      onClose();
    },
    onError: (error) => showServerFieldErrors(form, error),
  });

  return (
    <Drawer
      title={formTitleOf('role', editing ? editing.name : null)}
      open={target !== null}
      onClose={onClose}
      size={480}
      destroyOnHidden
      forceRender
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            Save
          </Button>
        </Flex>
      }
    >
      <Form form={form} name="role-form" layout="vertical" onFinish={(values) => save.mutate(values)}>
        <Form.Item label="Name" name="name" rules={[zodRule(fields.name)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Form.Item
          label="Scope"
          name="scope"
          rules={[zodRule(fields.scope)]}
          extra={
            editing
              ? 'The scope is fixed once the role exists.'
              : 'Staff roles carry admin modules; customer roles the customer modules.'
          }
        >
          <Select
            disabled={editing !== null}
            options={PERMISSION_SCOPES.map((scope) => ({ value: scope, label: scopeLabel(scope) }))}
          />
        </Form.Item>
        <Form.Item label="Active" name="isActive" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
