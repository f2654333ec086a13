import { formatMoney, type TrackRecord } from '@facet/contract';
import { Alert, DatePicker, Form, InputNumber, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { TextAreaInput } from '../platform/forms/inputs.ts';
import { DATE_TIME_INPUT_FORMATS } from '../platform/lists/format.ts';
import { belowListWarning } from './activity-format.ts';
import { stockSummaryApi } from './stock-summary-api.ts';
import { useDialogSave } from './use-dialog-save.ts';

interface CounterValues {
  counterPricePerCarat: number | null;
  validUntil: Dayjs | null;
  remarks?: string;
}

/** A day before today cannot be chosen. */
export const beforeToday = (day: Dayjs) => day.isBefore(dayjs().startOf('day'));

/**
 * Staff answer an open offer with another price per carat, optionally until a moment; they are warned
 * while the price typed is far below the stone's list price.
 */
export function CounterDialog({ offer, onClose }: { offer: TrackRecord; onClose: () => void }) {
  const [form] = Form.useForm<CounterValues>();
  const typed = Form.useWatch('counterPricePerCarat', form);
  const warning = belowListWarning(typed, offer.currentPricePerCarat);
  const counter = useDialogSave(
    form,
    (values: CounterValues) =>
      stockSummaryApi.decideOffer(offer.id, {
        decision: 'counter',
        counterPricePerCarat: Number(values.counterPricePerCarat),
        ...(values.validUntil ? { validUntil: values.validUntil.toISOString() } : {}),
        ...(values.remarks?.trim() ? { remarks: values.remarks.trim() } : {}),
      }),
    onClose,
  );
  return (
    <Modal
      open
      title={`Counter offer on ${offer.stockNumber}`}
      okText="Send counter offer"
      confirmLoading={counter.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {offer.userName} offered {formatMoney(offer.offerPricePerCarat)} per carat; the stone is at{' '}
        {formatMoney(offer.currentPricePerCarat ?? offer.pricePerCarat)} per carat now.
      </Typography.Paragraph>
      <Form<CounterValues>
        form={form}
        layout="vertical"
        name="offer-counter"
        initialValues={{ counterPricePerCarat: offer.currentPricePerCarat ?? null, validUntil: null }}
        onFinish={(values) => counter.mutate(values)}
      >
        <Form.Item
          label="Counter price per carat (USD)"
          name="counterPricePerCarat"
          rules={[{ required: true, message: 'Enter the counter price per carat.' }]}
        >
          <InputNumber style={{ width: '100%' }} min={0.01} max={100_000_000} precision={2} />
        </Form.Item>
        {warning && <Alert type="warning" showIcon title={warning} style={{ marginBottom: 16 }} />}
        <Form.Item
          label="Valid until"
          name="validUntil"
          extra="Leave empty for 48 hours from now; at most 30 days."
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={DATE_TIME_INPUT_FORMATS}
            disabledDate={beforeToday}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item
          label="Remarks"
          name="remarks"
          rules={[{ max: 2000, message: 'At most 2000 characters.' }]}
        >
          <TextAreaInput rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
