import {
  BLOCK_LIMITS,
  type BlockRecord,
  STONE_BLOCK_KIND_OPTIONS,
  STONE_BLOCK_KINDS,
  type StoneBlockKind,
} from '@facet/contract';
import { DatePicker, Form, Modal, Radio, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { TextAreaInput } from '../platform/forms/inputs.ts';
import { DATE_TIME_INPUT_FORMATS, formatDateTime } from '../platform/lists/format.ts';
import { StoneSelect } from '../stock/stone-select.tsx';
import { beforeToday } from './counter-dialog.tsx';
import { CustomerSelect } from './customer-select.tsx';
import { stockSummaryApi } from './stock-summary-api.ts';
import { useDialogSave } from './use-dialog-save.ts';

const untilPicker = (
  <DatePicker
    showTime={{ format: 'HH:mm' }}
    format={DATE_TIME_INPUT_FORMATS}
    disabledDate={beforeToday}
    style={{ width: '100%' }}
  />
);
const untilRules = [
  { required: true, message: 'Choose until when.' },
  {
    validator: (_: unknown, value: Dayjs | null) =>
      !value || value.isAfter(dayjs())
        ? Promise.resolve()
        : Promise.reject(new Error('Choose a time in the future.')),
  },
];

/** A live hold or memo kept longer: until a later moment. */
export function ExtendDialog({ block, onClose }: { block: BlockRecord; onClose: () => void }) {
  const [form] = Form.useForm<{ until: Dayjs | null }>();
  const extend = useDialogSave(
    form,
    (until: Dayjs) => stockSummaryApi.updateBlock(block.id, 'extend', until.toISOString()),
    onClose,
  );
  const current = dayjs(block.expiresAt);
  const start = current.isAfter(dayjs()) ? current : dayjs();
  return (
    <Modal
      open
      title={`Extend ${block.kind === STONE_BLOCK_KINDS.memo ? 'memo' : 'hold'} of ${block.stockNumber}`}
      okText="Extend"
      confirmLoading={extend.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        For {block.userName}, until {formatDateTime(block.expiresAt)} now.
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="block-extend"
        initialValues={{ until: start.add(1, 'day') }}
        onFinish={(values) => values.until && extend.mutate(values.until)}
      >
        <Form.Item label="Until" name="until" rules={untilRules}>
          {untilPicker}
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface HoldValues {
  userId: string | null;
  stoneId: string | null;
  kind: StoneBlockKind;
  until: Dayjs | null;
  remarks?: string;
}

/** Staff hold a stone, or send it on memo, for a customer until a moment; the stone shows H or M. */
export function HoldDialog({ userId, onClose }: { userId?: string; onClose: () => void }) {
  const [form] = Form.useForm<HoldValues>();
  const kind = Form.useWatch('kind', form);
  const hold = useDialogSave(
    form,
    (values: HoldValues) =>
      stockSummaryApi.createBlock({
        userId: values.userId as string,
        stoneId: values.stoneId as string,
        kind: values.kind,
        until: (values.until as Dayjs).toISOString(),
        ...(values.remarks?.trim() ? { remarks: values.remarks.trim() } : {}),
      }),
    onClose,
  );
  return (
    <Modal
      open
      title="Hold a stone"
      okText="Hold"
      confirmLoading={hold.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<HoldValues>
        form={form}
        layout="vertical"
        name="block-create"
        initialValues={{
          userId: userId ?? null,
          stoneId: null,
          kind: STONE_BLOCK_KINDS.hold,
          until: dayjs().add(BLOCK_LIMITS.defaultHoldHours, 'hour').startOf('minute'),
        }}
        onFinish={(values) => hold.mutate(values)}
      >
        <Form.Item label="Customer" name="userId" rules={[{ required: true, message: 'Choose a customer.' }]}>
          <CustomerSelect />
        </Form.Item>
        <Form.Item
          label="Stone"
          name="stoneId"
          rules={[{ required: true, message: 'Choose a stone from the stock.' }]}
        >
          <StoneSelect />
        </Form.Item>
        <Form.Item label="Kind" name="kind">
          <Radio.Group options={STONE_BLOCK_KIND_OPTIONS.map(({ value, label }) => ({ value, label }))} />
        </Form.Item>
        <Form.Item
          label="Until"
          name="until"
          rules={untilRules}
          extra={
            kind === STONE_BLOCK_KINDS.memo
              ? `A memo may last up to ${BLOCK_LIMITS.maxMemoDays} days.`
              : `A hold may last up to ${BLOCK_LIMITS.maxHoldHours / 24} days.`
          }
        >
          {untilPicker}
        </Form.Item>
        <Form.Item
          label="Remarks"
          name="remarks"
          rules={[{ max: 2000, message: 'At most 2000 characters.' }]}
        >
          <TextAreaInput rows={2} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
