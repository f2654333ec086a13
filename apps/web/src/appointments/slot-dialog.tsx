import { resourceRefs, SLOT_LIMITS, slotResource, WEEK_DAY_OPTIONS } from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Form,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Switch,
  TimePicker,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../platform/api/api-client.ts';
import { ApiError } from '../platform/api/api-error.ts';
import { toast } from '../platform/app/toast.ts';
import { showServerFieldErrors } from '../platform/forms/server-errors.ts';
import { DATE_INPUT_FORMATS } from '../platform/lists/format.ts';
import { resourceKey } from '../platform/resources/resource-api.ts';
import { usePermissions } from '../platform/session/use-holder.ts';
import type { SlotRecord } from './places.ts';

const refs = resourceRefs(slotResource);

/** What a new slot starts from: a week day and times, from the stretch clicked. */
export interface SlotDraft {
  weekDay: number;
  startTime: string;
  endTime: string;
}

interface SlotValues {
  weekDay: number;
  startTime: Dayjs | null;
  endTime: Dayjs | null;
  slotMinutes: number;
  validFrom: Dayjs | null;
  validTo: Dayjs | null;
  isActive: boolean;
}

const clock = (time: string) => dayjs(`2000-01-01T${time}`);
const timeText = (value: Dayjs | null) => (value ? value.format('HH:mm') : '');
const dayText = (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null);

/**
 * Adds a weekly slot to a cabin, or changes or deletes one. What the server refuses (an overlap with
 * another slot, an end before the start) is said in the dialog, beside the fields it concerns.
 */
export function SlotDialog({
  cabinId,
  cabinName,
  slot,
  draft,
  onClose,
}: {
  cabinId: string;
  cabinName: string;
  slot?: SlotRecord;
  draft?: SlotDraft;
  onClose: () => void;
}) {
  const [form] = Form.useForm<SlotValues>();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const [refusal, setRefusal] = useState<string | null>(null);
  const done = (message: string) => {
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: resourceKey(slotResource.name) });
    onClose();
  };
  const refused = (error: unknown) => {
    setRefusal(error instanceof ApiError ? error.message : 'The slot could not be saved.');
    showServerFieldErrors(form, error);
  };
  const save = useMutation({
    mutationFn: (values: SlotValues) => {
      const body = {
        cabinId,
        weekDay: values.weekDay,
        startTime: timeText(values.startTime),
        endTime: timeText(values.endTime),
        slotMinutes: values.slotMinutes,
        validFrom: dayText(values.validFrom),
        validTo: dayText(values.validTo),
        isActive: values.isActive,
      };
      return slot
        ? call(refs.update as NonNullable<typeof refs.update>, body, {
            params: { id: slot.id },
            toastErrors: false,
          })
        : call(refs.create as NonNullable<typeof refs.create>, body, { toastErrors: false });
    },
    onSuccess: () => done(slot ? 'Slot saved.' : 'Slot added.'),
    onError: refused,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      call(refs.delete as NonNullable<typeof refs.delete>, undefined, { params: { id }, toastErrors: false }),
    onSuccess: () => done('Slot deleted.'),
    onError: refused,
  });

  const initial: SlotValues = slot
    ? {
        weekDay: slot.weekDay,
        startTime: clock(slot.startTime),
        endTime: clock(slot.endTime),
        slotMinutes: slot.slotMinutes,
        validFrom: slot.validFrom ? dayjs(slot.validFrom) : null,
        validTo: slot.validTo ? dayjs(slot.validTo) : null,
        isActive: slot.isActive !== false,
      }
    : {
        weekDay: draft?.weekDay ?? 1,
        startTime: clock(draft?.startTime ?? '10:00'),
        endTime: clock(draft?.endTime ?? '13:00'),
        slotMinutes: 30,
        validFrom: dayjs().startOf('day'),
        validTo: null,
        isActive: true,
      };
  const title = slot ? `Slot of ${cabinName}` : `Add a slot to ${cabinName}`;
  const mayDelete = slot && can('Slot', 'delete');

  return (
    <Modal
      open
      title={title}
      okText={slot ? 'Save' : 'Add slot'}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      footer={(buttons) => (
        <>
          {mayDelete && (
            <Popconfirm
              title="Delete this slot?"
              description="Bookings already made stay; no new ones can be made in it."
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutate(slot.id)}
            >
              <Button danger loading={remove.isPending} style={{ float: 'left' }}>
                Delete
              </Button>
            </Popconfirm>
          )}
          {buttons}
        </>
      )}
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      <Form<SlotValues>
        form={form}
        layout="vertical"
        name="slot"
        initialValues={initial}
        onValuesChange={() => setRefusal(null)}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          label="Week day"
          name="weekDay"
          rules={[{ required: true, message: 'Choose a week day.' }]}
        >
          <Select virtual={false} options={WEEK_DAY_OPTIONS.map(({ value, label }) => ({ value, label }))} />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            label="Start"
            name="startTime"
            style={{ flex: 1 }}
            rules={[{ required: true, message: 'Choose when it starts.' }]}
          >
            <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            label="End"
            name="endTime"
            style={{ flex: 1 }}
            rules={[{ required: true, message: 'Choose when it ends.' }]}
          >
            <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item
          label="Slot length (minutes)"
          name="slotMinutes"
          rules={[{ required: true, message: 'Enter the length of one booking.' }]}
        >
          <InputNumber
            min={SLOT_LIMITS.minMinutes}
            max={SLOT_LIMITS.maxMinutes}
            step={15}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            label="Valid from"
            name="validFrom"
            style={{ flex: 1 }}
            rules={[{ required: true, message: 'Choose from when it applies.' }]}
          >
            <DatePicker format={DATE_INPUT_FORMATS} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Valid to" name="validTo" style={{ flex: 1 }}>
            <DatePicker format={DATE_INPUT_FORMATS} style={{ width: '100%' }} placeholder="No end" />
          </Form.Item>
        </div>
        <Form.Item label="Active" name="isActive" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
