import type { AppointmentRecord } from '@facet/contract';
import { Alert, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../platform/api/api-error.ts';
import { TextAreaInput } from '../platform/forms/inputs.ts';
import { useAppointmentActions } from './appointment-actions.ts';
import { whenAt } from './appointment-format.ts';
import { cabinPlace } from './places.ts';

/** Cancels a booking, with the reason the customer is told. */
export function CancelDialog({
  appointment,
  onClose,
  onCancelled,
}: {
  appointment: AppointmentRecord;
  onClose: () => void;
  onCancelled?: (record: AppointmentRecord) => void;
}) {
  const [form] = Form.useForm<{ reason?: string }>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { cancel } = useAppointmentActions((record) => {
    onCancelled?.(record);
    onClose();
  });
  return (
    <Modal
      open
      title={`Cancel the appointment of ${appointment.userName}?`}
      okText="Cancel appointment"
      okButtonProps={{ danger: true }}
      cancelText="Keep it"
      confirmLoading={cancel.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {cabinPlace(appointment.cabinName, appointment.locationName)}, {whenAt(appointment)}. The customer is
        mailed the cancellation.
      </Typography.Paragraph>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        name="appointment-cancel"
        onFinish={(values) =>
          cancel.mutate(
            { id: appointment.id, reason: values.reason?.trim() || undefined },
            {
              onError: (error) =>
                setRefusal(
                  error instanceof ApiError ? error.message : 'The appointment could not be cancelled.',
                ),
            },
          )
        }
      >
        <Form.Item label="Reason" name="reason" extra="Told to the customer.">
          <TextAreaInput rows={3} maxLength={1000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
