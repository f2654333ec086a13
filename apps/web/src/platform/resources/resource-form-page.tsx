import {
  type AdminModuleName,
  createSchemaOf,
  type ResourceRecord,
  type ResourceSpec,
  type SuccessEnvelope,
  updateSchemaOf,
} from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { toast } from '../app/toast.ts';
import { showServerFieldErrors } from '../forms/server-errors.ts';
import { useUnsavedGuard } from '../forms/use-unsaved-guard.ts';
import type { ParsingSchema } from '../forms/zod-rule.ts';
import { PageHeader } from '../lists/page-header.tsx';
import { usePermissions } from '../session/use-holder.ts';
import { resourceKey } from './resource-api.ts';
import { ResourceFormItems } from './resource-form-items.tsx';
import { type FormValues, formFieldsOf, toFormValues, toPayload } from './resource-form-values.ts';

interface ResourceFormPageProps {
  resource: ResourceSpec;
  /** The record edited; null creates one. */
  record: ResourceRecord | null;
  /** Values fixed by the screen (the lot of a new stone): written on create, not shown. */
  pinned?: Readonly<Record<string, unknown>>;
  title: ReactNode;
  /** Buttons beside the title. */
  extra?: ReactNode;
  save(
    payload: Record<string, unknown>,
    record: ResourceRecord | null,
  ): Promise<SuccessEnvelope<ResourceRecord>>;
  onSaved(saved: ResourceRecord, created: boolean): void;
  onCancel(): void;
  /** The Save button's label when creating ("Save and enter criteria"). */
  createLabel?: string;
  /** The module whose insert or update saves here, when the view has its own (a popup's). */
  module?: AdminModuleName;
}

const NONE: Readonly<Record<string, unknown>> = {};

/**
 * A resource's create or edit form as a screen of its own (an `upsert/:id?` route), with the inputs,
 * labels and validation of the list's drawer; the caller says where to read and save, and where to go.
 */
export function ResourceFormPage({
  resource,
  record,
  pinned = NONE,
  title,
  extra,
  save,
  onSaved,
  onCancel,
  createLabel = 'Save',
  module = resource.module,
}: ResourceFormPageProps) {
  const { can } = usePermissions();
  // One who may read the record but not change it still sees it, as a form that cannot be sent.
  const canSave = can(module, record ? 'update' : 'insert');
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedGuard(dirty);
  const pinnedFields = useMemo(() => new Set(Object.keys(pinned)), [pinned]);
  const fields = useMemo(() => formFieldsOf(resource, pinnedFields), [resource, pinnedFields]);
  const schemas = useMemo(
    () =>
      (record ? updateSchemaOf(resource) : createSchemaOf(resource)).shape as Record<string, ParsingSchema>,
    [resource, record],
  );
  const initialValues = useMemo(() => toFormValues(resource, record), [resource, record]);
  const [saved, setSaved] = useState<{ record: ResourceRecord; created: boolean } | null>(null);
  // After the render that cleared `dirty`, so that the unsaved-changes guard lets the screen go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: leaves once per save, whatever onSaved is.
  useEffect(() => {
    if (saved) onSaved(saved.record, saved.created);
  }, [saved]);

  const mutation = useMutation({
    mutationFn: (payload: Record<string, unknown>) => save(payload, record),
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      void queryClient.invalidateQueries({ queryKey: resourceKey(resource.name) });
      setDirty(false);
      setSaved({ record: envelope.data, created: record === null });
    },
    onError: (error) => showServerFieldErrors(form, error),
  });

  return (
    <Card>
      {guard.contextHolder}
      <PageHeader title={title} extra={extra} />
      {!canSave && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`You may view this record; saving it needs the ${record ? 'update' : 'insert'} permission of ${module}.`}
        />
      )}
      <Form<FormValues>
        form={form}
        name={`resource-page-${resource.name}`}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={() => setDirty(true)}
        onFinish={(values) => mutation.mutate(toPayload(resource, values, record ? {} : pinned))}
        requiredMark
        disabled={!canSave}
        style={{ maxWidth: 720 }}
      >
        <ResourceFormItems model={resource.name} fields={fields} schemas={schemas} record={record} />
        <Flex gap={8}>
          {canSave && (
            <Button type="primary" htmlType="submit" loading={mutation.isPending}>
              {record ? 'Save' : createLabel}
            </Button>
          )}
          {/* A disabled form disables its buttons too; leaving stays possible. */}
          <Button disabled={false} onClick={() => guard.confirmDiscard(onCancel)}>
            {canSave ? 'Cancel' : 'Back'}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
