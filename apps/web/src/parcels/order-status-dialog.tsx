import { PARCEL_ORDER_STATUSES, type ParcelOrderRecord } from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Modal, Typography } from 'antd';
import { toast } from '../platform/app/toast.ts';
import { TextAreaInput } from '../platform/forms/inputs.ts';
import { showServerFieldErrors } from '../platform/forms/server-errors.ts';
import { formatMoney } from '../platform/lists/format.ts';
import { parcelsApi, parcelsKey } from './parcels-api.ts';

/** A pending order on its way to done or cancelled. */
export interface StatusMove {
  order: Pick<ParcelOrderRecord, 'id' | 'orderNumber' | 'userName' | 'totalAmount'>;
  status: typeof PARCEL_ORDER_STATUSES.done | typeof PARCEL_ORDER_STATUSES.cancelled;
}

/**
 * Asks before an order is closed, with remarks for the customer; the move cannot be taken back, and
 * the customer is told.
 */
export function OrderStatusDialog({ move, onClose }: { move: StatusMove; onClose: () => void }) {
  const [form] = Form.useForm<{ remarks?: string }>();
  const queryClient = useQueryClient();
  const done = move.status === PARCEL_ORDER_STATUSES.done;
  const { order } = move;
  const save = useMutation({
    mutationFn: (remarks: string | undefined) => parcelsApi.updateStatus(order.id, move.status, remarks),
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      void queryClient.invalidateQueries({ queryKey: parcelsKey });
      onClose();
    },
    onError: (error) => showServerFieldErrors(form, error),
  });
  return (
    <Modal
      open
      title={done ? `Mark order ${order.orderNumber} done?` : `Cancel order ${order.orderNumber}?`}
      okText={done ? 'Mark done' : 'Cancel order'}
      cancelText="Keep it pending"
      okButtonProps={{ danger: !done }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {done
          ? `The order of ${order.userName} for ${formatMoney(order.totalAmount)} is fulfilled.`
          : `The order of ${order.userName} for ${formatMoney(order.totalAmount)} is called off.`}{' '}
        {order.userName} is notified. This cannot be undone.
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="parcel-order-status"
        onFinish={(values) => save.mutate(values.remarks?.trim() || undefined)}
      >
        <Form.Item
          label="Remarks for the customer"
          name="remarks"
          rules={[{ max: 1000, message: 'Keep the remarks under 1,000 characters.' }]}
        >
          <TextAreaInput rows={3} maxLength={1000} placeholder="Optional" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
