import type { LayoutDetail } from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, InputNumber, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { toast } from '../platform/app/toast.ts';
import { showServerFieldErrors } from '../platform/forms/server-errors.ts';
import { formatMoney, formatPercent } from '../platform/lists/format.ts';
import { LAYOUTS_KEY, layoutApi } from './layout-api.ts';

type Mode = 'discount' | 'pricePerCarat';

interface RepriceValues {
  mode: Mode;
  value: number | null;
}

const describe = (mode: Mode, value: number) =>
  mode === 'discount' ? `a Rap discount of ${formatPercent(value)}` : `${formatMoney(value)} per carat`;

/**
 * Reprices every stone of the saved layout at one Rap discount or one price per carat, after a
 * confirmation naming what will change. The server prices each stone by the trade's rules, all or
 * nothing; its answer (the layout with its new figures) replaces the screen's.
 */
export function RepriceDialog({
  layout,
  onDone,
  onClose,
}: {
  layout: LayoutDetail;
  onDone: (layout: LayoutDetail) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<RepriceValues>();
  const [confirming, setConfirming] = useState<RepriceValues | null>(null);
  const queryClient = useQueryClient();
  const mode = Form.useWatch('mode', form) ?? 'discount';
  const reprice = useMutation({
    mutationFn: ({ mode: by, value }: RepriceValues) =>
      layoutApi.reprice(
        by === 'discount'
          ? { id: layout.id, discount: Number(value) }
          : { id: layout.id, pricePerCarat: Number(value) },
      ),
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      void queryClient.invalidateQueries({ queryKey: LAYOUTS_KEY });
      onDone(envelope.data);
    },
    // A refusal (the server names the stones) goes back to the price, as typed, with the reason under it.
    onError: (error) => {
      setConfirming(null);
      showServerFieldErrors(form, error, (path) =>
        path[0] === 'discount' || path[0] === 'pricePerCarat' ? ['value'] : path,
      );
    },
  });

  // One dialog in two steps, the price then its confirmation: the form stays mounted under the
  // confirmation, so going back keeps what was typed.
  return (
    <Modal
      open
      title={confirming ? 'Reprice every stone?' : `Reprice layout ${layout.layoutNumber}`}
      okText={confirming ? 'Yes, reprice' : 'Reprice'}
      okButtonProps={confirming ? { danger: true, loading: reprice.isPending } : undefined}
      cancelText={confirming ? 'Back' : 'Cancel'}
      onOk={() => (confirming ? reprice.mutate(confirming) : form.submit())}
      onCancel={() => (confirming ? setConfirming(null) : onClose())}
    >
      <div hidden={confirming !== null}>
        <Form<RepriceValues>
          form={form}
          name="reprice-layout"
          layout="vertical"
          initialValues={{ mode: 'discount', value: null }}
          onFinish={(values) => setConfirming(values)}
        >
          <Form.Item name="mode" label="Price by">
            <Radio.Group
              options={[
                { value: 'discount', label: 'Rap discount %' },
                { value: 'pricePerCarat', label: 'Price per carat' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="value"
            label={mode === 'discount' ? 'Discount %' : 'Price per carat'}
            extra={
              mode === 'discount'
                ? 'Negative is below the Rap list price (-30 is 30 % below). Every stone needs a Rap price.'
                : 'Every stone takes this price per carat; its discount follows from its Rap price.'
            }
            rules={[{ required: true, message: 'Enter the new price.' }]}
          >
            <InputNumber
              style={{ width: '100%' }}
              precision={2}
              min={mode === 'discount' ? -99.99 : 0.01}
              max={mode === 'discount' ? 1000 : 100_000_000}
            />
          </Form.Item>
        </Form>
        <Typography.Text type="secondary">
          {layout.stoneCount} {layout.stoneCount === 1 ? 'stone' : 'stones'} will be repriced.
        </Typography.Text>
      </div>
      {confirming && (
        <Typography.Paragraph>
          {layout.stoneCount === 1 ? 'The one stone' : `All ${layout.stoneCount} stones`} of layout{' '}
          {layout.layoutNumber} will be priced at {describe(confirming.mode, Number(confirming.value))}. Their
          current prices are kept in each stone's history.
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
