import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import {
  CRITERIA_FIELDS,
  type CriteriaData,
  type CriteriaField,
  MAX_CRITERIA_ROWS,
  nonCertResource,
  type ResourceRecord,
  sizeResource,
} from '@facet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, InputNumber, Result, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../platform/api/api-error.ts';
import { panelPath } from '../platform/app/paths.ts';
import { toast } from '../platform/app/toast.ts';
import { useUnsavedGuard } from '../platform/forms/use-unsaved-guard.ts';
import { formatCarat, formatMoney, formatNumber } from '../platform/lists/format.ts';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { ExportButton } from '../platform/resources/export-button.tsx';
import { MasterValueSelect } from '../platform/resources/master-value-select.tsx';
import { ReferenceSelect } from '../platform/resources/reference-select.tsx';
import { resourceApi, resourceKey } from '../platform/resources/resource-api.ts';
import { usePermissions } from '../platform/session/use-holder.ts';
import {
  type CellErrors,
  type CriteriaDraft,
  cellErrorsOf,
  draftsOf,
  draftTotals,
  emptyDraft,
  firstError,
  payloadOf,
  validateDrafts,
  withSize,
  withValue,
} from './criteria-rows.ts';
import { nonCertApi } from './noncert-api.ts';

type ValueKey = Exclude<keyof CriteriaDraft, 'key' | 'titles'>;

const criteriaKey = (id: string) => [...resourceKey(nonCertResource.name), 'criteria', id] as const;
const F = CRITERIA_FIELDS;

interface Size {
  id: string;
  name: string;
  fromCarat: number;
  toCarat: number;
}

/** The carat brackets of the size master, in their order: a few dozen, loaded once. */
function useSizes() {
  return useQuery({
    queryKey: [...resourceKey(sizeResource.name), 'criteria-choices'],
    queryFn: async (): Promise<Size[]> => {
      const page = await resourceApi(sizeResource).paginate({
        page: 1,
        limit: 500,
        filter: { isActive: true },
        sort: { sequence: 'asc' },
      });
      return page.list.map((row: ResourceRecord) => ({
        id: row.id,
        name: String(row.name),
        fromCarat: Number(row.fromCarat),
        toCarat: Number(row.toCarat),
      }));
    },
    staleTime: 300_000,
  });
}

/** `noncert/criteria/:id?`: the lot picker, or the criteria editor of lot `:id`. */
export function CriteriaPage() {
  const { id } = useParams();
  return id ? <CriteriaEditor key={id} id={id} /> : <LotPicker />;
}

function LotPicker() {
  const navigate = useNavigate();
  return (
    <Card>
      <PageHeader title="Lot criteria" />
      <Typography.Paragraph>Choose the lot whose criteria to enter.</Typography.Paragraph>
      <ReferenceSelect
        resourceName={nonCertResource.name}
        aria-label="Lot"
        placeholder="Lot number"
        style={{ width: 320 }}
        onChange={(value) => value && void navigate(panelPath(`noncert/criteria/${value}`))}
      />
    </Card>
  );
}

function CriteriaEditor({ id }: { id: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const criteria = useQuery({
    queryKey: criteriaKey(id),
    queryFn: () => nonCertApi.criteria(id),
    retry: false,
  });
  const sizes = useSizes();
  const [drafts, setDrafts] = useState<CriteriaDraft[] | null>(null);
  const [errors, setErrors] = useState<CellErrors>({});
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedGuard(dirty);

  // The stored rows become the drafts once, and again after each save (not on a background refetch).
  useEffect(() => {
    if (criteria.data && drafts === null) setDrafts(draftsOf(criteria.data.criteria));
  }, [criteria.data, drafts]);

  const save = useMutation({
    mutationFn: (rows: CriteriaDraft[]) =>
      nonCertApi.saveCriteria({ nonCertId: id, criteria: rows.map(payloadOf) }),
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      queryClient.setQueryData<CriteriaData>(criteriaKey(id), envelope.data);
      void queryClient.invalidateQueries({ queryKey: resourceKey(nonCertResource.name) });
      setDrafts(draftsOf(envelope.data.criteria));
      setErrors({});
      setDirty(false);
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(cellErrorsOf(error.fieldErrors));
    },
  });

  const rows = drafts ?? [];
  const update = (
    index: number,
    changed: readonly CriteriaField[],
    change: (draft: CriteriaDraft) => CriteriaDraft,
  ) => {
    setDrafts((current) => (current ?? []).map((draft, at) => (at === index ? change(draft) : draft)));
    // An edited cell drops its error; the others stay until the next save.
    setErrors((current) => {
      const row = current[index];
      if (!row || !changed.some((key) => key in row)) return current;
      const kept = Object.fromEntries(
        Object.entries(row).filter(([key]) => !changed.includes(key as CriteriaField)),
      );
      return { ...current, [index]: kept };
    });
    setDirty(true);
  };
  const set = <K extends ValueKey>(index: number, key: K, value: CriteriaDraft[K]) =>
    update(index, [key], (draft) => withValue(draft, key, value));
  const add = () => {
    setDrafts((current) => [...(current ?? []), emptyDraft(current?.at(-1))]);
    setDirty(true);
  };
  const remove = (index: number) => {
    setDrafts((current) => (current ?? []).filter((_, at) => at !== index));
    setErrors({});
    setDirty(true);
  };
  const submit = () => {
    const found = validateDrafts(rows);
    setErrors(found);
    const first = firstError(found);
    if (first) {
      toast.error(first);
      return;
    }
    save.mutate(rows);
  };

  const canEdit = can('NonCert', 'insert');
  const totals = useMemo(() => draftTotals(rows), [rows]);
  const sizeOptions = useMemo(
    () => (sizes.data ?? []).map((size) => ({ value: size.id, label: size.name })),
    [sizes.data],
  );

  if (criteria.isPending) return <Card loading />;
  if (!criteria.data) {
    return (
      <Result
        status="404"
        title="Lot not found"
        extra={<Button onClick={() => void navigate(panelPath('noncert'))}>Back to the list</Button>}
      />
    );
  }
  const lot = criteria.data.nonCert;

  /** A cell's control with its error under it; `label` names the control for screen readers and tests. */
  const cell = (
    index: number,
    key: CriteriaField,
    control: (label: string, invalid: boolean) => ReactNode,
  ) => {
    const message = errors[index]?.[key];
    return (
      <div>
        {control(`${F[key].label} (row ${index + 1})`, Boolean(message))}
        {message && (
          <Typography.Text type="danger" role="alert" style={{ display: 'block', fontSize: 12 }}>
            {message}
          </Typography.Text>
        )}
      </div>
    );
  };
  const number = (
    index: number,
    key: ValueKey & CriteriaField,
    options: { precision: number; disabled?: boolean },
  ) =>
    cell(index, key, (label, invalid) => (
      <InputNumber<number>
        aria-label={label}
        status={invalid ? 'error' : undefined}
        value={rows[index]?.[key] as number | null}
        min={F[key].min}
        max={F[key].max}
        precision={options.precision}
        disabled={!canEdit || options.disabled}
        style={{ width: '100%' }}
        onChange={(value) => set(index, key, (typeof value === 'number' ? value : null) as never)}
      />
    ));
  const grade = (index: number, key: CriteriaField, code: string) =>
    cell(index, key, (label, invalid) => (
      <MasterValueSelect
        code={code}
        aria-label={label}
        status={invalid ? 'error' : undefined}
        value={rows[index]?.[key as ValueKey] as string | null}
        currentTitle={rows[index]?.titles[key]}
        disabled={!canEdit}
        style={{ width: '100%' }}
        popupMatchSelectWidth={false}
        onChange={(value) => set(index, key as ValueKey, (value ?? null) as never)}
      />
    ));

  const columns: ColumnsType<CriteriaDraft> = [
    // The row's number and shape stay in view while the grades and prices scroll.
    { key: 'line', title: '#', width: 44, fixed: 'start', render: (_, __, index) => index + 1 },
    {
      key: 'shape',
      title: F.shapeId.label,
      width: 130,
      fixed: 'start',
      render: (_, __, index) => grade(index, 'shapeId', 'SHAPE'),
    },
    {
      key: 'size',
      title: F.sizeId.label,
      width: 120,
      render: (_, draft, index) =>
        cell(index, 'sizeId', (label, invalid) => (
          <Select<string | null>
            aria-label={label}
            status={invalid ? 'error' : undefined}
            allowClear
            showSearch={{
              filterOption: (input, option) => String(option?.label ?? '').includes(input.trim()),
            }}
            value={draft.sizeId}
            options={
              draft.sizeId && !sizeOptions.some((option) => option.value === draft.sizeId)
                ? [{ value: draft.sizeId, label: draft.titles.sizeId ?? '…' }, ...sizeOptions]
                : sizeOptions
            }
            loading={sizes.isFetching}
            disabled={!canEdit}
            style={{ width: '100%' }}
            popupMatchSelectWidth={false}
            onChange={(value) =>
              update(index, ['sizeId', 'caratFrom', 'caratTo', 'carats'], (current) =>
                withSize(current, sizes.data?.find((size) => size.id === value) ?? null),
              )
            }
          />
        )),
    },
    {
      key: 'caratFrom',
      title: F.caratFrom.label,
      width: 100,
      render: (_, draft, index) =>
        number(index, 'caratFrom', { precision: 3, disabled: Boolean(draft.sizeId) }),
    },
    {
      key: 'caratTo',
      title: F.caratTo.label,
      width: 100,
      render: (_, draft, index) =>
        number(index, 'caratTo', { precision: 3, disabled: Boolean(draft.sizeId) }),
    },
    {
      key: 'colorFrom',
      title: F.colorFromId.label,
      width: 100,
      render: (_, __, i) => grade(i, 'colorFromId', 'COLOR'),
    },
    {
      key: 'colorTo',
      title: F.colorToId.label,
      width: 100,
      render: (_, __, i) => grade(i, 'colorToId', 'COLOR'),
    },
    {
      key: 'clarityFrom',
      title: F.clarityFromId.label,
      width: 110,
      render: (_, __, i) => grade(i, 'clarityFromId', 'CLARITY'),
    },
    {
      key: 'clarityTo',
      title: F.clarityToId.label,
      width: 110,
      render: (_, __, i) => grade(i, 'clarityToId', 'CLARITY'),
    },
    {
      key: 'pieces',
      title: F.pieces.label,
      width: 90,
      render: (_, __, i) => number(i, 'pieces', { precision: 0 }),
    },
    {
      key: 'carats',
      title: F.carats.label,
      width: 110,
      render: (_, __, i) => number(i, 'carats', { precision: 3 }),
    },
    {
      key: 'pricePerCarat',
      title: F.pricePerCarat.label,
      width: 120,
      render: (_, __, i) => number(i, 'pricePerCarat', { precision: 2 }),
    },
    {
      key: 'amount',
      title: F.amount.label,
      width: 140,
      render: (_, __, i) => number(i, 'amount', { precision: 2 }),
    },
    {
      key: 'remarks',
      title: F.remarks.label,
      width: 180,
      render: (_, draft, index) =>
        cell(index, 'remarks', (label, invalid) => (
          <Input
            aria-label={label}
            status={invalid ? 'error' : undefined}
            value={draft.remarks}
            maxLength={F.remarks.max}
            disabled={!canEdit}
            onChange={(event) => set(index, 'remarks', event.target.value)}
          />
        )),
    },
    ...(canEdit
      ? [
          {
            key: 'remove',
            width: 48,
            fixed: 'end' as const,
            render: (_: unknown, __: CriteriaDraft, index: number) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Remove row ${index + 1}`}
                onClick={() => remove(index)}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Card>
      {guard.contextHolder}
      <PageHeader
        title={
          <Flex align="center" gap={8} wrap>
            Criteria of lot {lot.number}
            <Typography.Text type="secondary" style={{ fontSize: 16, fontWeight: 'normal' }}>
              {lot.name}
            </Typography.Text>
            {lot.isActive ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>}
          </Flex>
        }
        extra={
          <>
            <Button
              onClick={() => guard.confirmDiscard(() => void navigate(panelPath(`noncert/upsert/${lot.id}`)))}
            >
              Edit lot
            </Button>
            <Button onClick={() => void navigate(panelPath(`noncertdetails/${lot.id}`))}>Details</Button>
            {canEdit && (
              <Button onClick={() => void navigate(panelPath(`noncertdetails/upsert?lot=${lot.id}`))}>
                Add stone
              </Button>
            )}
            <ExportButton onExport={(format) => nonCertApi.exportCriteria(lot.id, lot.number, format)} />
          </>
        }
      />
      <Table<CriteriaDraft>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1700 }}
        locale={{ emptyText: 'No criteria yet: add a row for each grade band of the lot.' }}
        summary={() => (
          <Table.Summary fixed>
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={9}>
                <Typography.Text strong>Total</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={9} align="right">
                <output aria-label="Total pieces">{formatNumber(totals.pieces, 0)}</output>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={10} align="right">
                <output aria-label="Total carats">{formatCarat(totals.carats)}</output>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={11} align="right">
                <output aria-label="Average price per carat">
                  {formatMoney(totals.averagePricePerCarat)}
                </output>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={12} align="right">
                <output aria-label="Total amount">{formatMoney(totals.amount)}</output>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={13} colSpan={canEdit ? 2 : 1} />
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
      {canEdit && (
        <Flex gap={8} style={{ marginTop: 16 }}>
          <Button icon={<PlusOutlined />} onClick={add} disabled={rows.length >= MAX_CRITERIA_ROWS}>
            Add row
          </Button>
          <span style={{ flex: 1 }} />
          <Button type="primary" onClick={submit} loading={save.isPending} disabled={!dirty}>
            Save criteria
          </Button>
        </Flex>
      )}
    </Card>
  );
}
