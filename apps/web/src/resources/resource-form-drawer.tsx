import {
  createSchemaOf,
  type FieldSpec,
  RESOURCE_BY_NAME,
  RESOURCE_MESSAGES,
  type ResourceRecord,
  type ResourceSpec,
  updateSchemaOf,
} from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Flex, Form, type FormRule } from 'antd';
import { useMemo, useState } from 'react';
import { toast } from '../app/toast.ts';
import { showServerFieldErrors } from '../forms/server-errors.ts';
import { useUnsavedGuard } from '../forms/use-unsaved-guard.ts';
import { type ParsingSchema, zodRule } from '../forms/zod-rule.ts';
import { FieldInput } from './field-input.tsx';
import { resourceApi, resourceKey } from './resource-api.ts';
import {
  type FormValues,
  formFieldsOf,
  INVALID_JSON,
  missingRequired,
  toFormValues,
  toPayload,
  toPayloadValue,
} from './resource-form-values.ts';
import { referenceTitleOf } from './resource-model.ts';

interface ResourceFormDrawerProps {
  resource: ResourceSpec;
  /** Values the view pins (a sub-master's parent): written on create, not shown. */
  pinned: Readonly<Record<string, unknown>>;
  target: ResourceRecord | 'new';
  onClose: () => void;
}

const failure = (message: string) => ({ success: false as const, error: { issues: [{ message }] } });

/**
 * A field's rule: the contract's own schema for the field (create or update), checked against the value
 * as the payload will carry it. An empty required field says "Please input …" whatever its kind.
 */
function fieldRule(spec: FieldSpec, schema: ParsingSchema): FormRule {
  const parsing: ParsingSchema = {
    safeParse: (value) => {
      if (missingRequired(spec, value)) return failure(RESOURCE_MESSAGES.required(spec.label));
      const payload = toPayloadValue(spec, value);
      if (payload === undefined) return failure(INVALID_JSON);
      return schema.safeParse(payload);
    },
  };
  return zodRule(parsing, { required: spec.required === true && spec.kind !== 'boolean' });
}

/** Create or edit a record of any resource; inputs, labels and validation come from the declaration. */
export function ResourceFormDrawer({ resource, pinned, target, onClose }: ResourceFormDrawerProps) {
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedGuard(dirty);
  const record = target === 'new' ? null : target;
  const pinnedFields = useMemo(() => new Set(Object.keys(pinned)), [pinned]);
  const fields = useMemo(() => formFieldsOf(resource, pinnedFields), [resource, pinnedFields]);
  const schemas = useMemo(
    () =>
      (record ? updateSchemaOf(resource) : createSchemaOf(resource)).shape as Record<string, ParsingSchema>,
    [resource, record],
  );
  const initialValues = useMemo(() => toFormValues(resource, record), [resource, record]);

  const api = resourceApi(resource);
  const save = useMutation({
    mutationFn: (payload: Record<string, unknown>) =>
      record ? api.update(record.id, payload) : api.create(payload),
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      void queryClient.invalidateQueries({ queryKey: resourceKey(resource.name) });
      setDirty(false);
      onClose();
    },
    onError: (error) => showServerFieldErrors(form, error),
  });

  const close = () => guard.confirmDiscard(onClose);
  return (
    <Drawer
      title={record ? `Edit ${resource.title}` : `Add ${resource.title}`}
      open
      onClose={close}
      size={560}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={close}>Cancel</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            Save
          </Button>
        </Flex>
      }
    >
      {guard.contextHolder}
      <Form<FormValues>
        form={form}
        name={`resource-${resource.name}`}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={() => setDirty(true)}
        onFinish={(values) => save.mutate(toPayload(resource, values, record ? {} : pinned))}
        requiredMark
      >
        {fields.map(([key, spec]) => (
          <Form.Item
            key={key}
            name={key}
            label={spec.label}
            extra={spec.help}
            valuePropName={spec.kind === 'boolean' ? 'checked' : 'value'}
            rules={schemas[key] ? [fieldRule(spec, schemas[key])] : undefined}
          >
            <FieldInput
              spec={spec}
              currentTitle={
                record && spec.references
                  ? referenceTitleOf(record, key, RESOURCE_BY_NAME.get(spec.references)?.titleField ?? 'name')
                  : undefined
              }
            />
          </Form.Item>
        ))}
      </Form>
    </Drawer>
  );
}
