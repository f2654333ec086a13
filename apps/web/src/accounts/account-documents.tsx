import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import {
  ACCOUNT_DOCUMENT_STATUS,
  ACCOUNT_MESSAGES,
  type AccountDocument,
  type AccountDocumentCreatePayload,
  accountDocumentCreateSchema,
  accountResource,
  DOCUMENT_TYPE_MASTER_CODES,
  MASTER_ENDPOINTS,
} from '@facet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AutoComplete,
  Button,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Segmented,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useRef, useState } from 'react';
import { call } from '../platform/api/api-client.ts';
import { toast } from '../platform/app/toast.ts';
import { showServerFieldErrors } from '../platform/forms/server-errors.ts';
import { zodRule } from '../platform/forms/zod-rule.ts';
import { formatDateTime } from '../platform/lists/format.ts';
import { httpAddressOf, linkableUrl } from '../platform/uploads/safe-url.ts';
import { UploadInput } from '../platform/uploads/upload-input.tsx';
import { accountApi, accountDetailsKey } from './account-api.ts';
import {
  type DocumentFileKind,
  documentStatusTag,
  reviewActionsOf,
  uploadedFileIdOf,
} from './account-details-model.ts';

interface Abilities {
  insert: boolean;
  update: boolean;
  remove: boolean;
}

/**
 * The values of the DOC_TYPE_PERSONAL and DOC_TYPE_BUSINESS masters, for the type's suggestions (any
 * staff user reads master values by code).
 */
function useDocumentTypes() {
  return useQuery({
    queryKey: ['resource', 'master', 'by-code', ...DOCUMENT_TYPE_MASTER_CODES],
    queryFn: () =>
      call(
        MASTER_ENDPOINTS.listByCode,
        { code: [...DOCUMENT_TYPE_MASTER_CODES] },
        { toastErrors: false },
      ).then(({ data }) =>
        [...new Set(Object.values(data).flatMap((rows) => rows.map((row) => String(row.name))))].map(
          (name) => ({
            value: name,
          }),
        ),
      ),
    staleTime: 300_000,
  });
}

function AddDocumentModal({ accountId, onClose }: { accountId: string; onClose: () => void }) {
  const [form] = Form.useForm<AccountDocumentCreatePayload>();
  const queryClient = useQueryClient();
  const types = useDocumentTypes();
  const [fileKind, setFileKind] = useState<DocumentFileKind>('pdf');
  const typedUrl = useRef('');
  const save = useMutation({
    mutationFn: (values: AccountDocumentCreatePayload) =>
      accountApi.createDocument(accountId, {
        ...values,
        documentNumber: values.documentNumber || null,
        fileId: uploadedFileIdOf(values.fileUrl),
      }),
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      void queryClient.invalidateQueries({ queryKey: accountDetailsKey(accountId) });
      onClose();
    },
    onError: (error) => showServerFieldErrors(form, error),
  });
  // An address typed but not attached with "Use" is what the user means to add: it is used, if allowed.
  const submit = () => {
    const typed = typedUrl.current;
    if (typed.trim() !== '' && !form.getFieldValue('fileUrl')) {
      const url = httpAddressOf(typed);
      if (!url) {
        form.setFields([{ name: 'fileUrl', errors: [ACCOUNT_MESSAGES.fileUrlInvalid] }]);
        return;
      }
      form.setFieldValue('fileUrl', url);
    }
    form.submit();
  };
  return (
    <Modal
      open
      title="Add document"
      okText="Add"
      onOk={submit}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<AccountDocumentCreatePayload>
        form={form}
        layout="vertical"
        name="account-document"
        onFinish={save.mutate}
      >
        <Form.Item
          name="documentType"
          label="Document type"
          rules={[{ required: true, whitespace: true, message: ACCOUNT_MESSAGES.documentTypeRequired }]}
        >
          <AutoComplete options={types.data ?? []} placeholder="Passport, trade licence…" />
        </Form.Item>
        <Form.Item name="documentNumber" label="Document number">
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item label="File kind">
          <Segmented<DocumentFileKind>
            options={[
              { label: 'PDF', value: 'pdf' },
              { label: 'Image', value: 'image' },
            ]}
            value={fileKind}
            onChange={setFileKind}
          />
        </Form.Item>
        <Form.Item
          name="fileUrl"
          label="File"
          extra="Upload the scan, or paste the link of a file kept elsewhere."
          rules={[zodRule(accountDocumentCreateSchema.shape.fileUrl)]}
        >
          <UploadInput
            kind={fileKind}
            model={accountResource.name}
            allowUrl
            urlRefusal={ACCOUNT_MESSAGES.fileUrlInvalid}
            onTypedUrl={(text) => {
              typedUrl.current = text;
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RejectModal({ document, onClose }: { document: AccountDocument; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const queryClient = useQueryClient();
  const reject = useMutation({
    mutationFn: ({ reason }: { reason: string }) =>
      accountApi.reviewDocument(document.id, { status: ACCOUNT_DOCUMENT_STATUS.REJECTED, reason }),
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      void queryClient.invalidateQueries({ queryKey: accountDetailsKey(document.accountId) });
      onClose();
    },
    onError: (error) => showServerFieldErrors(form, error),
  });
  return (
    <Modal
      open
      title={`Reject ${document.documentType}`}
      okText="Reject"
      okButtonProps={{ danger: true }}
      onOk={() => form.submit()}
      confirmLoading={reject.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="reject-document" onFinish={reject.mutate}>
        <Form.Item
          name="reason"
          label="Reason"
          rules={[{ required: true, whitespace: true, message: ACCOUNT_MESSAGES.reasonRequired }]}
        >
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The company's KYC documents: add, approve, reject with a reason, delete. */
export function AccountDocuments({
  accountId,
  documents,
  can,
}: {
  accountId: string;
  documents: readonly AccountDocument[];
  can: Abilities;
}) {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [rejecting, setRejecting] = useState<AccountDocument | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountDetailsKey(accountId) });
  const approve = useMutation({
    mutationFn: (document: AccountDocument) =>
      accountApi.reviewDocument(document.id, { status: ACCOUNT_DOCUMENT_STATUS.APPROVED }),
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (document: AccountDocument) => accountApi.deleteDocument(document.id),
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      void refresh();
    },
  });

  const columns = useMemo<ColumnsType<AccountDocument>>(
    () => [
      { title: 'Type', dataIndex: 'documentType' },
      { title: 'Number', dataIndex: 'documentNumber', render: (value: string | null) => value ?? '—' },
      {
        title: 'File',
        dataIndex: 'fileLink',
        // A private file's link is signed for a few minutes; the details refresh before it lapses.
        render: (stored: string) => {
          const link = linkableUrl(stored);
          return link ? (
            <Typography.Link href={link} target="_blank" rel="noopener noreferrer">
              Open
            </Typography.Link>
          ) : (
            // Stored before addresses were checked: shown, never followed.
            <Typography.Text ellipsis style={{ maxWidth: 240 }}>
              {stored}
            </Typography.Text>
          );
        },
      },
      {
        title: 'Status',
        dataIndex: 'status',
        render: (_, document) => {
          const tag = documentStatusTag(document.status);
          const element = <Tag color={tag.color}>{tag.label}</Tag>;
          return document.rejectionReason ? (
            <Tooltip title={document.rejectionReason}>{element}</Tooltip>
          ) : (
            element
          );
        },
      },
      {
        title: 'Added',
        key: 'added',
        render: (_, document) =>
          `${formatDateTime(document.createdAt)}${document.createdByName ? ` · ${document.createdByName}` : ''}`,
      },
      {
        title: 'Reviewed',
        key: 'reviewed',
        render: (_, document) =>
          document.reviewedAt
            ? `${formatDateTime(document.reviewedAt)}${document.reviewedByName ? ` · ${document.reviewedByName}` : ''}`
            : '—',
      },
      {
        title: 'Actions',
        key: 'actions',
        render: (_, document) => {
          const review = reviewActionsOf(document.status);
          return (
            <Flex wrap gap={0}>
              {can.update && review.approve && (
                <Button type="link" size="small" onClick={() => approve.mutate(document)}>
                  Approve
                </Button>
              )}
              {can.update && review.reject && (
                <Button type="link" size="small" danger onClick={() => setRejecting(document)}>
                  Reject
                </Button>
              )}
              {can.remove && (
                <Popconfirm
                  title="Delete this document?"
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutateAsync(document).catch(() => undefined)}
                >
                  <Button type="link" size="small" danger>
                    Delete
                  </Button>
                </Popconfirm>
              )}
            </Flex>
          );
        },
      },
    ],
    [can.update, can.remove, approve.mutate, remove.mutateAsync],
  );

  return (
    <>
      {can.insert && (
        <Flex justify="end" style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            Add document
          </Button>
        </Flex>
      )}
      <Table<AccountDocument>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={documents as AccountDocument[]}
        pagination={false}
        locale={{ emptyText: 'No documents yet' }}
        scroll={{ x: 900 }}
      />
      {adding && <AddDocumentModal accountId={accountId} onClose={() => setAdding(false)} />}
      {rejecting && <RejectModal document={rejecting} onClose={() => setRejecting(null)} />}
    </>
  );
}
