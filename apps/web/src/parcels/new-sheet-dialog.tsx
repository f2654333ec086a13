import { DatePicker, Form, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_INPUT_FORMATS, formatDate } from '../platform/lists/format.ts';

/**
 * The date of a new sheet, today unless chosen; the grid then starts as a copy of the sheet before it.
 * A date that has a sheet already opens that sheet.
 */
export function NewSheetDialog({
  dates,
  onStart,
  onClose,
}: {
  /** The dates with a sheet, newest first. */
  dates: readonly string[];
  onStart: (date: string) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ date: Dayjs | null }>();
  const chosen = Form.useWatch('date', form);
  const iso = chosen ? chosen.format('YYYY-MM-DD') : null;
  const latest = dates[0];
  return (
    <Modal
      open
      title="Start a new sheet"
      okText={iso && dates.includes(iso) ? 'Open the sheet' : 'Start'}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {latest
          ? `The grid starts as a copy of the latest sheet before the date (the latest is ${formatDate(latest)}). Change what you need and save.`
          : 'The grid starts empty. Fill it in and save.'}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="parcel-new-sheet"
        initialValues={{ date: dayjs().startOf('day') }}
        onFinish={(values) => values.date && onStart(values.date.format('YYYY-MM-DD'))}
      >
        <Form.Item
          label="Date"
          name="date"
          rules={[{ required: true, message: 'Choose a date.' }]}
          extra={iso && dates.includes(iso) ? 'This date has a sheet already; it opens.' : undefined}
        >
          <DatePicker format={DATE_INPUT_FORMATS} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
