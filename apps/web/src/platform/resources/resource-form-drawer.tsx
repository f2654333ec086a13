import {
  createSchemaOf,
  type FieldSpec,
  formTitleOf,
  itemNameOfValues,
  type ResourceRecord,
  type ResourceSpec,
  recordTitleText,
  updateSchemaOf,
} from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useMemo, useState } from 'react';
import { toast } from '../app/toast.ts';
import { FormDrawer } from '../forms/form-drawer.tsx';
import { showServerFieldErrors } from '../forms/server-errors.ts';
import { useUnsavedGuard } from '../forms/use-unsaved-guard.ts';
import type { ParsingSchema } from '../forms/zod-rule.ts';
import { resourceApi, resourceKey } from './resource-api.ts';
import { ResourceFormItems } from './resource-form-items.tsx';
import { type FormValues, formFieldsOf, toFormValues, toPayload } from './resource-form-values.ts';

interface ResourceFormDrawerProps {
  resource: ResourceSpec;
  /** Values the view pins (a sub-master's parent): written on create, not shown. */
  pinned: Readonly<Record<string, unknown>>;
  target: ResourceRecord | 'new';
  onClose: () => void;
  /** Fields the view needs set though the declaration leaves them optional (a sub-master's parent). */
  required?: readonly string[];
}

/** Create or edit a record of any resource; inputs, labels and validation come from the declaration. */
export function ResourceFormDrawer({ resource, pinned, target, onClose, required }: ResourceFormDrawerProps) {
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedGuard(dirty);
  const record = target === 'new' ? null : target;
  const pinnedFields = useMemo(() => new Set(Object.keys(pinned)), [pinned]);
  const requiredKey = required?.join(',') ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: requiredKey stands for `required`.
  const fields = useMemo(
    () =>
      formFieldsOf(resource, pinnedFields).map(([key, spec]): [string, FieldSpec] => [
        key,
        required?.includes(key) ? { ...spec, required: true } : spec,
      ]),
    [resource, pinnedFields, requiredKey],
  );
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

  return (
    <FormDrawer
      title={formTitleOf(
        itemNameOfValues(resource, record ?? pinned),
        record && recordTitleText(resource, record),
      )}
      size={560}
      guard={guard}
      onClose={onClose}
      saving={save.isPending}
      onSave={() => form.submit()}
    >
      <Form<FormValues>
        form={form}
        name={`resource-${resource.name}`}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={() => setDirty(true)}
        onFinish={(values) => save.mutate(toPayload(resource, values, record ? {} : pinned))}
        requiredMark
      >
        <ResourceFormItems model={resource.name} fields={fields} schemas={schemas} record={record} />
      </Form>
    </FormDrawer>
  );
}
