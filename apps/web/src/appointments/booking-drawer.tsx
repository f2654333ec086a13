import { APPOINTMENT_STATUSES, type AppointmentRecord, stoneResource } from '@facet/contract';
import { Alert, Button, Descriptions, Drawer, Flex, Tag } from 'antd';
import { useState } from 'react';
import { ApiError } from '../platform/api/api-error.ts';
import { EMPTY } from '../platform/lists/format.ts';
import { ReferenceTitle } from '../platform/resources/reference-select.tsx';
import { usePermissions } from '../platform/session/use-holder.ts';
import { useAppointmentActions } from './appointment-actions.ts';
import {
  meetingTypeLabel,
  momentAt,
  STATUS_COLORS,
  statusLabel,
  whenAt,
  whenForViewer,
} from './appointment-format.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { cabinPlace } from './places.ts';
import { VIEWER_TIME_ZONE } from './zone-time.ts';

/**
 * One booking, opened from the calendar: who comes, why, how and to see which stones, with Approve and
 * Cancel for those who may decide. A refusal (the cabin already booked at that time) is said here.
 */
export function BookingDrawer({
  appointment,
  onClose,
}: {
  appointment: AppointmentRecord;
  onClose: () => void;
}) {
  const [shown, setShown] = useState(appointment);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const { can } = usePermissions();
  const { approve, mayDecide } = useAppointmentActions(setShown);
  const elsewhere = whenForViewer(shown, VIEWER_TIME_ZONE);
  const open = shown.status !== APPOINTMENT_STATUSES.cancelled;
  const stones = can(stoneResource.module, 'view');

  return (
    <Drawer
      open
      // A narrow drawer (a phone) moves the number to a new line whole, never parting it at its hyphen.
      title={
        <>
          Appointment <span style={{ whiteSpace: 'nowrap' }}>{shown.appointmentNumber}</span>
        </>
      }
      size={520}
      onClose={onClose}
      extra={
        mayDecide &&
        open && (
          <Flex gap={8}>
            {shown.status === APPOINTMENT_STATUSES.pending && (
              <Button
                type="primary"
                loading={approve.isPending}
                onClick={() => {
                  setRefusal(null);
                  approve.mutate(shown.id, {
                    onError: (error) =>
                      setRefusal(
                        error instanceof ApiError ? error.message : 'The appointment could not be approved.',
                      ),
                  });
                }}
              >
                Approve
              </Button>
            )}
            <Button danger onClick={() => setCancelling(true)}>
              Cancel appointment
            </Button>
          </Flex>
        )
      }
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="Status">
          <Tag color={STATUS_COLORS[shown.status]}>{statusLabel(shown.status)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="When">
          {whenAt(shown)}
          {elsewhere && <div style={{ color: 'rgba(0,0,0,0.55)' }}>{elsewhere}</div>}
        </Descriptions.Item>
        <Descriptions.Item label="Cabin">{cabinPlace(shown.cabinName, shown.locationName)}</Descriptions.Item>
        <Descriptions.Item label="Customer">{shown.userName}</Descriptions.Item>
        <Descriptions.Item label="Company">{shown.accountName ?? EMPTY}</Descriptions.Item>
        <Descriptions.Item label="Purpose">{shown.purpose}</Descriptions.Item>
        <Descriptions.Item label="Meeting">{meetingTypeLabel(shown.meetingType)}</Descriptions.Item>
        <Descriptions.Item label="Stones to view">
          {shown.stoneIds.length === 0 ? (
            EMPTY
          ) : stones ? (
            <Flex wrap gap={4}>
              {shown.stoneIds.map((id) => (
                <Tag key={id}>
                  <ReferenceTitle resourceName={stoneResource.name} id={id} />
                </Tag>
              ))}
            </Flex>
          ) : (
            `${shown.stoneCount} ${shown.stoneCount === 1 ? 'stone' : 'stones'}`
          )}
        </Descriptions.Item>
        <Descriptions.Item label="Notes">{shown.notes ?? EMPTY}</Descriptions.Item>
        {shown.decidedAt && (
          <Descriptions.Item
            label={shown.status === APPOINTMENT_STATUSES.cancelled ? 'Cancelled by' : 'Approved by'}
          >
            {shown.decidedByName ?? EMPTY}, {momentAt(shown.decidedAt, shown.timeZone)}
          </Descriptions.Item>
        )}
        {shown.cancelReason && <Descriptions.Item label="Reason">{shown.cancelReason}</Descriptions.Item>}
        <Descriptions.Item label="Requested">{momentAt(shown.createdAt, shown.timeZone)}</Descriptions.Item>
      </Descriptions>
      {cancelling && (
        <CancelDialog appointment={shown} onClose={() => setCancelling(false)} onCancelled={setShown} />
      )}
    </Drawer>
  );
}
