import { type SyncResult, syncEntityLabel } from '@facet/contract';
import { Button, Descriptions, List, Modal, Typography } from 'antd';

/** What a run did: the counts, and each rejected record with the reasons. */
export function SyncResultModal({
  message,
  result,
  onClose,
}: {
  message: string;
  result: SyncResult;
  onClose: () => void;
}) {
  return (
    <Modal
      open
      title={message}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          Done
        </Button>
      }
      width={640}
    >
      <Descriptions
        size="small"
        column={5}
        layout="vertical"
        items={[
          { key: 'received', label: 'Received', children: result.received },
          { key: 'created', label: 'Created', children: result.created },
          { key: 'updated', label: 'Updated', children: result.updated },
          { key: 'unchanged', label: 'Unchanged', children: result.unchanged },
          { key: 'rejected', label: 'Rejected', children: result.rejected.length },
        ]}
      />
      {result.rejected.length > 0 && (
        <List
          size="small"
          header={
            <Typography.Text strong>Rejected records of {syncEntityLabel(result.entity)}</Typography.Text>
          }
          dataSource={result.rejected}
          pagination={result.rejected.length > 10 ? { pageSize: 10, size: 'small' } : false}
          renderItem={(rejection) => (
            <List.Item key={rejection.index}>
              <div>
                <Typography.Text strong>
                  Record {rejection.index + 1}
                  {rejection.key ? ` (${rejection.key})` : ''}
                </Typography.Text>
                {rejection.errors.map((error) => (
                  <div key={`${error.field}:${error.message}`}>
                    {error.field ? <Typography.Text code>{error.field}</Typography.Text> : null}{' '}
                    {error.message}
                  </div>
                ))}
              </div>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
