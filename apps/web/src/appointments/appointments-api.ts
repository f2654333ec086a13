import type {
  APPOINTMENT_ENDPOINTS,
  AppointmentPaginatePayload,
  AppointmentRecord,
  BodyIn,
  PaginateResult,
} from '@facet/contract';
import { call } from '../platform/api/api-client.ts';
import { download } from '../platform/api/download.ts';
import { READER_TIME_ZONE } from '../platform/lists/format.ts';
import type { PaginateBody } from '../platform/lists/list-params.ts';
import { APPOINTMENT_REFS as R } from './appointment-refs.ts';

/**
 * Query keys hold the endpoint's path, so a live 'changed' event naming it refreshes the screens; the
 * root invalidates the list and the calendar after a change made here.
 */
export const appointmentKey = ['appointments'] as const;
export const appointmentListKey = [...appointmentKey, R.paginate.path] as const;
export const scheduleKey = [...appointmentKey, R.schedule.path] as const;

export type ExportFormat = 'xlsx' | 'csv';

export const appointmentsApi = {
  list: (body: PaginateBody): Promise<PaginateResult<AppointmentRecord>> =>
    call(R.paginate, body as AppointmentPaginatePayload).then((envelope) => envelope.data),
  export: (body: PaginateBody, format: ExportFormat) => {
    const { page: _page, limit: _limit, columns: _columns, ...rest } = body;
    return download(
      R.export,
      { ...(rest as BodyIn<typeof APPOINTMENT_ENDPOINTS.export>), format, timeZone: READER_TIME_ZONE },
      `appointments.${format}`,
    );
  },
  /** `from` and `to`: days, both included. */
  schedule: (from: string, to: string, locationId?: string) =>
    call(R.schedule, { from, to, ...(locationId ? { locationId } : {}) }).then((envelope) => envelope.data),
  approve: (id: string) => call(R.updateStatus, { status: 2 }, { params: { id }, toastErrors: false }),
  cancel: (id: string, reason?: string) =>
    call(
      R.updateStatus,
      { status: 3, ...(reason ? { reason } : {}) },
      { params: { id }, toastErrors: false },
    ),
  /** Toasts its refusal: the calendar has no dialog to say it in. */
  move: (id: string, startsAt: string, cabinId?: string) =>
    call(R.move, { startsAt, ...(cabinId ? { cabinId } : {}) }, { params: { id } }),
};
