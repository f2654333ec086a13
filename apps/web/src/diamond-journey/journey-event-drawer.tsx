import {
  createSchemaOf,
  diamondJourneyEventResource,
  type FieldSpec,
  type ResourceRecord,
  updateSchemaOf,
} from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useMemo, useState } from 'react';
import { toast } from '../platform/app/toast.ts';
import { FormDrawer } from '../platform/forms/form-drawer.tsx';
import { showServerFieldErrors } from '../platform/forms/server-errors.ts';
import { useUnsavedGuard } from '../platform/forms/use-unsaved-guard.ts';
import type { ParsingSchema } from '../platform/forms/zod-rule.ts';
import { FieldInput } from '../platform/resources/field-input.tsx';
import { resourceKey } from '../platform/resources/resource-api.ts';
import { fieldRule } from '../platform/resources/resource-form-items.tsx';
import {
  type FormValues,
  formFieldsOf,
  toFormValues,
  toPayload,
} from '../platform/resources/resource-form-values.ts';
import { journeyApi } from './journey-api.ts';
import { MediaInput } from './media-input.tsx';

const resource = diamondJourneyEventResource;

/**
 * Adds an event to a stone's journey, or edits one: stage, date, place, description and a photo,
 * video or PDF. Labels and checks come from the contract's declaration; the stone is the journey's.
 */
export function JourneyEventDrawer({
  stoneId,
  stockNumber,
  target,
  onClose,
}: {
  stoneId: string;
  stockNumber: string;
  target: ResourceRecord | 'new';
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedGuard(dirty);
  const record = target === 'new' ? null : target;
  const pinned = useMemo(() => ({ stoneId }), [stoneId]);
  const fields = useMemo(() => formFieldsOf(resource, new Set(['stoneId'])), []);
  const schemas = useMemo(
    () =>
      (record ? updateSchemaOf(resource) : createSchemaOf(resource)).shape as Record<string, ParsingSchema>,
    [record],
  );
  const initialValues = useMemo(() => toFormValues(resource, record), [record]);

  const save = useMutation({
    mutationFn: (payload: Record<string, unknown>) =>
      record ? journeyApi.events.update(record.id, payload) : journeyApi.events.create(payload),
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
      title={`${record ? 'Edit event' : 'Add event'} — ${stockNumber}`}
      size={520}
      guard={guard}
      onClose={onClose}
      saving={save.isPending}
      onSave={() => form.submit()}
    >
      <Form<FormValues>
        form={form}
        name="journey-event"
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={() => setDirty(true)}
        onFinish={(values) => save.mutate(toPayload(resource, values, record ? {} : pinned))}
        requiredMark
      >
        {fields.map(([key, spec]: [string, FieldSpec]) => (
          <Form.Item
            key={key}
            name={key}
            label={spec.label}
            extra={spec.help}
            rules={schemas[key] ? [fieldRule(spec, schemas[key])] : undefined}
          >
            {key === 'mediaUrl' ? (
              <MediaInput model={resource.name} />
            ) : (
              <FieldInput spec={spec} model={resource.name} />
            )}
          </Form.Item>
        ))}
      </Form>
    </FormDrawer>
  );
}
