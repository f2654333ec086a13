import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import {
  createSchemaOf,
  type FieldSpec,
  type LayoutDetail,
  type LayoutStone,
  layoutMasterResource,
  layoutResource,
  RESOURCE_MESSAGES,
  updateSchemaOf,
} from '@facet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Form, type FormRule, Row, Skeleton, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { panelPath } from '../platform/app/paths.ts';
import { toast } from '../platform/app/toast.ts';
import { showServerFieldErrors } from '../platform/forms/server-errors.ts';
import { type ParsingSchema, zodRule } from '../platform/forms/zod-rule.ts';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { FieldInput } from '../platform/resources/field-input.tsx';
import { resourceApi, resourceKey } from '../platform/resources/resource-api.ts';
import {
  type FormValues,
  formFieldsOf,
  missingRequired,
  toFormValues,
  toPayload,
  toPayloadValue,
} from '../platform/resources/resource-form-values.ts';
import { usePermissions } from '../platform/session/use-holder.ts';
import { LAYOUTS_KEY, layoutApi } from './layout-api.ts';
import { stonesChanged, withStones } from './layout-stones.ts';
import { LayoutSummary } from './layout-summary.tsx';
import { criteriaText } from './master-criteria.ts';
import { RepriceDialog } from './reprice-dialog.tsx';
import { StonePicker } from './stone-picker.tsx';
import { StoneRowsTable } from './stone-rows-table.tsx';

const NO_PINS: ReadonlySet<string> = new Set();
const LIST_ROUTE = 'cert';
const FORM_ROUTE = 'cert/upsert';

const failure = (message: string) => ({ success: false as const, error: { issues: [{ message }] } });

/** The contract's own check of one field, on the value as the payload carries it. */
function fieldRule(spec: FieldSpec, schema: ParsingSchema): FormRule {
  return zodRule(
    {
      safeParse: (value) =>
        missingRequired(spec, value)
          ? failure(RESOURCE_MESSAGES.required(spec.label, spec.kind))
          : schema.safeParse(toPayloadValue(spec, value)),
    },
    { required: spec.required === true && spec.kind !== 'boolean' },
  );
}

/** `cert/upsert/:id?`: a new layout, or the saved one with its stones, figures and reprice. */
export function LayoutFormPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: [...LAYOUTS_KEY, 'view', id],
    queryFn: () => layoutApi.view(id as string),
    enabled: id !== undefined,
  });
  if (id && detail.isPending) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  if (id && !detail.data) {
    return (
      <Card>
        <Alert
          type="error"
          title="This layout was not found; it may have been deleted."
          showIcon
          action={<Button onClick={() => void navigate(panelPath(LIST_ROUTE))}>Back to the list</Button>}
        />
      </Card>
    );
  }
  // A new key per layout: the form starts again from the layout it shows.
  return <LayoutEditor key={detail.data?.id ?? 'new'} saved={detail.data ?? null} />;
}

function LayoutEditor({ saved }: { saved: LayoutDetail | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const [form] = Form.useForm<FormValues>();
  const [layout, setLayout] = useState<LayoutDetail | null>(saved);
  const [stones, setStones] = useState<LayoutStone[]>(saved?.stones ?? []);
  const [repricing, setRepricing] = useState(false);
  const module = layoutResource.module;
  const canSave = layout ? can(module, 'update') : can(module, 'insert');
  const unsavedStones = stonesChanged(layout?.stones ?? [], stones);

  const masterId = Form.useWatch('layoutMasterId', form) as string | null | undefined;
  const master = useQuery({
    queryKey: [...resourceKey(layoutMasterResource.name), 'one', masterId],
    queryFn: () => resourceApi(layoutMasterResource).get(masterId as string),
    enabled: Boolean(masterId),
  });
  const criteria = masterId && master.data ? criteriaText(master.data) : null;

  const fields = useMemo(() => formFieldsOf(layoutResource, NO_PINS), []);
  const schemas = useMemo(
    () =>
      (saved ? updateSchemaOf(layoutResource) : createSchemaOf(layoutResource)).shape as Record<
        string,
        ParsingSchema
      >,
    [saved],
  );
  const initialValues = useMemo(() => toFormValues(layoutResource, saved), [saved]);

  const shown = (next: LayoutDetail) => {
    setLayout(next);
    setStones(next.stones);
    queryClient.setQueryData([...LAYOUTS_KEY, 'view', next.id], next);
    void queryClient.invalidateQueries({ queryKey: [...LAYOUTS_KEY, 'list'] });
  };

  const save = useMutation({
    mutationFn: (values: FormValues) => {
      const payload = { ...toPayload(layoutResource, values, {}), stoneIds: stones.map((stone) => stone.id) };
      return layout
        ? layoutApi.updateLayout(layout.id, payload)
        : layoutApi.createLayout(payload as Parameters<typeof layoutApi.createLayout>[0]);
    },
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      shown(envelope.data);
      if (!layout) void navigate(panelPath(`${FORM_ROUTE}/${envelope.data.id}`), { replace: true });
    },
    onError: (error) => showServerFieldErrors(form, error),
  });

  const title = layout ? `Layout ${layout.layoutNumber}` : 'Add layout';
  return (
    <Card>
      <PageHeader
        title={title}
        extra={
          <>
            <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(panelPath(LIST_ROUTE))}>
              Layouts
            </Button>
            {layout && can(module, 'update') && (
              <Button
                disabled={layout.stoneCount === 0 || unsavedStones}
                title={unsavedStones ? 'Save the stones first' : undefined}
                onClick={() => setRepricing(true)}
              >
                Reprice
              </Button>
            )}
            {canSave && (
              <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
                Save
              </Button>
            )}
          </>
        }
      />
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={14}>
          <Form<FormValues>
            form={form}
            name="layout"
            layout="vertical"
            initialValues={initialValues}
            onFinish={(values) => save.mutate(values)}
            disabled={!canSave}
            requiredMark
          >
            <Row gutter={16}>
              {fields.map(([key, spec]) => (
                <Col key={key} xs={24} md={spec.kind === 'longText' ? 24 : 12}>
                  <Form.Item
                    name={key}
                    label={spec.label}
                    valuePropName={spec.kind === 'boolean' ? 'checked' : 'value'}
                    rules={schemas[key] ? [fieldRule(spec, schemas[key])] : undefined}
                  >
                    <FieldInput
                      spec={spec}
                      model={layoutResource.name}
                      currentTitle={
                        key === 'layoutMasterId' ? (saved?.layoutMasterTitle ?? undefined) : undefined
                      }
                    />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </Form>
        </Col>
        <Col xs={24} lg={10}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            Figures {unsavedStones && <Tag color="orange">Save to update</Tag>}
          </Typography.Title>
          {layout ? (
            <LayoutSummary layout={layout} />
          ) : (
            <Typography.Text type="secondary">The figures show once the layout is saved.</Typography.Text>
          )}
        </Col>
      </Row>
      <Flex justify="space-between" align="center" style={{ margin: '24px 0 12px' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          Stones ({stones.length})
        </Typography.Title>
      </Flex>
      <StoneRowsTable
        label="Layout stones"
        stones={stones}
        emptyText="No stones yet: find them below by stock or report number"
        action={
          canSave
            ? (stone) => (
                <Button
                  size="small"
                  danger
                  type="link"
                  aria-label={`Remove ${stone.stockNumber}`}
                  onClick={() => setStones((current) => current.filter((row) => row.id !== stone.id))}
                >
                  Remove
                </Button>
              )
            : undefined
        }
      />
      {canSave && (
        <>
          <Typography.Title level={5} style={{ margin: '24px 0 12px' }}>
            Add stones
          </Typography.Title>
          {criteria && (
            <Typography.Paragraph type="secondary">
              Stones of {String(master.data?.name ?? 'this layout master')}: {criteria}
            </Typography.Paragraph>
          )}
          <StonePicker
            chosen={stones}
            onAdd={(records) => setStones((current) => withStones(current, records))}
          />
        </>
      )}
      {repricing && layout && (
        <RepriceDialog
          layout={layout}
          onDone={(next) => {
            shown(next);
            setRepricing(false);
          }}
          onClose={() => setRepricing(false)}
        />
      )}
    </Card>
  );
}
