import {
  CUSTOMER_USER_TYPES,
  formTitleOf,
  scopeOfUserType,
  USER_MESSAGES,
  USER_TYPE_LABELS,
  USER_TYPES,
  type UserRecord,
  type UserType,
  userFieldsSchema,
  userResetPasswordSchema,
} from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Flex, Form, Input, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { invalidateLoginUser } from '../platform/api/login-user-query.ts';
import { toast } from '../platform/app/toast.ts';
import { showServerFieldErrors } from '../platform/forms/server-errors.ts';
import { zodRule } from '../platform/forms/zod-rule.ts';
import { DATE_TIME_INPUT_FORMATS } from '../platform/lists/format.ts';
import { ReferenceSelect } from '../platform/resources/reference-select.tsx';
import { RoleSelect } from '../roles/role-select.tsx';
import { ContactListField } from './contact-list-field.tsx';
import { emptyUserForm, recordToForm, type UserFormValues, validateUserForm } from './user-form-values.ts';
import { type UserKind, usersKey } from './user-kind.ts';

const FORM_NAME = 'user-form';
const fields = userFieldsSchema.shape;
const emailRule = zodRule(fields.emails.element.shape.value);
const phoneRule = zodRule(fields.phones.unwrap().element.shape.value);

interface UserFormDrawerProps {
  kind: UserKind;
  /** null: closed; 'new': create; a record: edit it. */
  target: UserRecord | 'new' | null;
  onClose: () => void;
}

/** Create or edit a user (or guest) in a drawer; the contract schema validates, the server decides. */
export function UserFormDrawer({ kind, target, onClose }: UserFormDrawerProps) {
  const [form] = Form.useForm<UserFormValues>();
  const queryClient = useQueryClient();
  const mode = target === 'new' ? 'create' : 'edit';
  const type = Form.useWatch('type', form);
  const previousType = useRef<UserType | undefined>(undefined);

  useEffect(() => {
    if (target === null) return;
    // No type is preselected: the first of the list is Super admin, and a hurried Save must not grant it.
    const values = target === 'new' ? emptyUserForm(undefined) : recordToForm(target, (iso) => dayjs(iso));
    form.setFieldsValue(values);
    previousType.current = values.type;
  }, [target, form]);

  const save = useMutation({
    mutationFn: (payload: Parameters<typeof kind.api.create>[0]) =>
      target !== null && target !== 'new' ? kind.api.update(target.id, payload) : kind.api.create(payload),
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      void queryClient.invalidateQueries({ queryKey: usersKey });
      // The signed-in user may have changed their own role: the sidebar follows at the next navigation.
      void invalidateLoginUser(queryClient);
      onClose();
    },
    onError: (error) => showServerFieldErrors(form, error),
  });

  const submit = (values: UserFormValues) => {
    const result = validateUserForm(values, mode);
    if (result.ok) save.mutate(result.payload as Parameters<typeof kind.api.create>[0]);
    else form.setFields(result.fields as Parameters<typeof form.setFields>[0]);
  };

  // A role belongs to a scope: a type of the other scope cannot keep it.
  const onValuesChange = (changed: Partial<UserFormValues>) => {
    if (!('type' in changed) || changed.type === undefined) return;
    const before = previousType.current;
    if (before !== undefined && scopeOfUserType(before) !== scopeOfUserType(changed.type)) {
      form.setFieldValue('roleId', null);
    }
    previousType.current = changed.type;
  };

  const title = formTitleOf(kind.noun, target === 'new' || target === null ? null : target.name);
  return (
    <Drawer
      title={title}
      open={target !== null}
      onClose={onClose}
      size={560}
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
      <Form
        form={form}
        name={FORM_NAME}
        layout="vertical"
        onFinish={submit}
        onValuesChange={onValuesChange}
        requiredMark
      >
        <Form.Item label="Type" name="type" rules={[zodRule(fields.type)]}>
          <Select
            options={kind.types.map((value) => ({ value, label: USER_TYPE_LABELS[value] }))}
            placeholder="Choose a type"
          />
        </Form.Item>
        <Form.Item label="Name" name="name" rules={[zodRule(fields.name)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Username" name="username" rules={[zodRule(fields.username)]}>
          <Input autoComplete="off" />
        </Form.Item>
        {mode === 'create' && (
          <Form.Item
            label="Password"
            name="password"
            rules={[zodRule(userResetPasswordSchema.shape.password)]}
            extra="The user must choose a new password at first sign-in."
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <ContactListField
          formName={FORM_NAME}
          list="emails"
          label="E-mail"
          addLabel="Add e-mail"
          required
          inputType="email"
          valueRule={emailRule}
        />
        <ContactListField
          formName={FORM_NAME}
          list="phones"
          label="Phone"
          addLabel="Add phone"
          inputType="tel"
          valueRule={phoneRule}
        />
        <Form.Item label="Role" name="roleId">
          <RoleSelect scope={type ? scopeOfUserType(type) : undefined} />
        </Form.Item>
        {type !== undefined && CUSTOMER_USER_TYPES.includes(type) && (
          <Form.Item label="Company" name="accountId">
            <ReferenceSelect resourceName="account" placeholder="No company" />
          </Form.Item>
        )}
        <Form.Item label="Designation" name="designation">
          <Input autoComplete="off" />
        </Form.Item>
        {type === USER_TYPES.GUEST && (
          <Form.Item
            label="Expires At"
            name="expiresAt"
            rules={[{ required: true, message: USER_MESSAGES.guestExpiryRequired }]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format={DATE_TIME_INPUT_FORMATS}
              style={{ width: '100%' }}
            />
          </Form.Item>
        )}
        {/* Editing leaves activation to the list's Active switch (its own call and permission). */}
        {mode === 'create' && (
          <Form.Item label="Active" name="isActive" valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
