import type { TrackRecord } from '@facet/contract';
import { Form, Modal, Typography } from 'antd';
import { TextAreaInput } from '../platform/forms/inputs.ts';
import { stockSummaryApi } from './stock-summary-api.ts';
import { useDialogSave } from './use-dialog-save.ts';

const MAX_LENGTH = 2000;

/** Staff answer a customer's enquiry; the server mails the answer to the customer. */
export function ReplyDialog({ enquiry, onClose }: { enquiry: TrackRecord; onClose: () => void }) {
  const [form] = Form.useForm<{ reply: string }>();
  const send = useDialogSave(form, (reply: string) => stockSummaryApi.reply(enquiry.id, reply), onClose);
  const number = enquiry.enquiryNumber ? ` ${enquiry.enquiryNumber}` : '';
  return (
    <Modal
      open
      title={`Reply to enquiry${number}`}
      okText="Send reply"
      confirmLoading={send.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {enquiry.userName} asked about {enquiry.stockNumber}:
      </Typography.Paragraph>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{enquiry.remarks || '—'}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="enquiry-reply"
        initialValues={{ reply: enquiry.reply ?? '' }}
        onFinish={(values) => send.mutate(values.reply.trim())}
      >
        <Form.Item
          label="Reply"
          name="reply"
          extra="The customer gets the reply by e-mail."
          rules={[
            { required: true, whitespace: true, message: 'Enter the reply.' },
            { max: MAX_LENGTH, message: `At most ${MAX_LENGTH} characters.` },
          ]}
        >
          <TextAreaInput rows={5} maxLength={MAX_LENGTH} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
