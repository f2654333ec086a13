import {
  APPOINTMENT_SORT_KEYS,
  APPOINTMENT_STATUS_OPTIONS,
  APPOINTMENT_STATUSES,
  type AppointmentRecord,
  field,
  MEETING_TYPE_OPTIONS,
  zoneCity,
} from '@facet/contract';
import { Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../platform/api/api-error.ts';
import { panelPath } from '../platform/app/paths.ts';
import { toast } from '../platform/app/toast.ts';
import { oneLineCells } from '../platform/lists/column-width.ts';
import { EMPTY, formatDateTime } from '../platform/lists/format.ts';
import type { PaginateBody } from '../platform/lists/list-params.ts';
import { ListToolbar } from '../platform/lists/list-toolbar.tsx';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { PhoneFilters } from '../platform/lists/phone-filters.tsx';
import { ROW_ACTIONS_WIDTH, RowActions, type RowMenuItem } from '../platform/lists/row-actions.tsx';
import { ScreenCard } from '../platform/lists/screen-card.tsx';
import { ServerTable } from '../platform/lists/server-table.tsx';
import { usePaginatedList } from '../platform/lists/use-paginated-list.ts';
import { ExportButton } from '../platform/resources/export-button.tsx';
import { CustomerFilters, DateFilter } from '../stock-summary/customer-filters.tsx';
import { useAppointmentActions } from './appointment-actions.ts';
import { meetingTypeLabel, STATUS_COLORS, statusLabel, timeRange } from './appointment-format.ts';
import { appointmentListKey, appointmentsApi } from './appointments-api.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { canonicalListAddress, firstAddress } from './list-address.ts';
import { cabinPlace, useCabinOptions, useCabins, useLocations } from './places.ts';
import { dayOf, floatingDate, zoneLabel } from './zone-time.ts';

const FILTERS = {
  status: 'numbers',
  meetingType: 'numbers',
  locationId: 'string',
  cabinId: 'string',
  userId: 'string',
  accountId: 'string',
  startsAt: 'dateRange',
} as const;
// Soonest first: with the opening filter from today (firstAddress), what comes next leads the list.
const DEFAULTS = { sort: { key: 'startsAt', direction: 'asc' } } as const;
const STARTS_FILTER = field.date('When', { filter: 'range' });

/** Local midnight of a `YYYY-MM-DD` day, `days` later, as an instant. */
const localDay = (day: string, days = 0) => {
  const [year = 2000, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + days);
};

/**
 * The address keeps whole days (`startsAt=2026-11-28~2026-11-29`, as the dashboard's tiles link); the
 * server is sent the instants those days begin and end on the reader's clock.
 */
function withInstants(body: PaginateBody): PaginateBody {
  const range = body.filter?.startsAt as { from?: string; to?: string } | undefined;
  if (!range) return body;
  const startsAt = {
    ...(range.from ? { from: localDay(range.from).toISOString() } : {}),
    ...(range.to ? { to: new Date(localDay(range.to, 1).getTime() - 1).toISOString() } : {}),
  };
  return { ...body, filter: { ...body.filter, startsAt } };
}

/**
 * Appointment → Appointment list: every booking, filtered, sorted and exported, its times on the
 * location's clock with the zone named. Staff approve or cancel from a row, or open it in the schedule.
 */
export function AppointmentListPage() {
  const [search] = useSearchParams();
  // Asked once, as the screen opens: a date filter the user clears later stays cleared.
  const [opening, setOpening] = useState(() => firstAddress(search, dayOf(new Date())));
  const arrived = opening !== null && opening.toString() === search.toString();
  useEffect(() => {
    if (arrived) setOpening(null);
  }, [arrived]);
  const target = canonicalListAddress(search) ?? (opening && !arrived ? opening : null);
  return target ? <Navigate replace to={`?${target}`} /> : <AppointmentList />;
}

function AppointmentList() {
  const navigate = useNavigate();
  const list = usePaginatedList<AppointmentRecord>({
    queryKey: appointmentListKey,
    fetch: (body) => appointmentsApi.list(withInstants(body)),
    filters: FILTERS,
    sortKeys: APPOINTMENT_SORT_KEYS,
    defaults: DEFAULTS,
  });
  const { filter } = list.params;
  const { locations } = useLocations();
  const { cabins } = useCabins();
  const locationId = typeof filter.locationId === 'string' ? filter.locationId : undefined;
  const cabinOptions = useCabinOptions(
    locationId ? cabins.filter((cabin) => cabin.locationId === locationId) : cabins,
  );
  const [cancelling, setCancelling] = useState<AppointmentRecord | null>(null);
  const { approve, mayDecide } = useAppointmentActions();

  const columns = useMemo<ColumnsType<AppointmentRecord>>(() => {
    const itemsOf = (appointment: AppointmentRecord): RowMenuItem[] => {
      const open = appointment.status !== APPOINTMENT_STATUSES.cancelled;
      const day = dayOf(floatingDate(appointment.startsAt, appointment.timeZone));
      return [
        ...(mayDecide && appointment.status === APPOINTMENT_STATUSES.pending
          ? [
              {
                key: 'approve',
                label: 'Approve',
                onClick: () =>
                  approve.mutate(appointment.id, {
                    onError: (error) =>
                      toast.error(
                        error instanceof ApiError ? error.message : 'The appointment could not be approved.',
                      ),
                  }),
              },
            ]
          : []),
        ...(open
          ? [
              {
                key: 'schedule',
                label: 'Open in schedule',
                onClick: () =>
                  navigate(
                    `${panelPath('schedule')}?${new URLSearchParams({ location: appointment.locationId, date: day, open: appointment.id })}`,
                  ),
              },
            ]
          : []),
        ...(mayDecide && open
          ? [{ key: 'cancel', label: 'Cancel', danger: true, onClick: () => setCancelling(appointment) }]
          : []),
      ];
    };
    return oneLineCells<AppointmentRecord>([
      {
        key: 'actions',
        title: 'Actions',
        fixed: 'start',
        width: ROW_ACTIONS_WIDTH,
        render: (_, appointment) => <RowActions items={itemsOf(appointment)} />,
      },
      { key: 'appointmentNumber', title: 'Number', width: 120, render: (_, row) => row.appointmentNumber },
      {
        key: 'startsAt',
        title: 'When',
        width: 280,
        render: (_, row) => (
          <span title={`${zoneLabel(row.timeZone, new Date(row.startsAt))}`}>
            {timeRange(row.startsAt, row.endsAt, row.timeZone)}{' '}
            <span style={{ color: 'rgba(0,0,0,0.55)' }}>{zoneCity(row.timeZone)} time</span>
          </span>
        ),
      },
      // Beside the time, so a screen of 1366 px shows where as well as when.
      {
        key: 'cabinName',
        title: 'Cabin',
        width: 240,
        render: (_, row) => cabinPlace(row.cabinName, row.locationName),
      },
      {
        key: 'status',
        title: 'Status',
        width: 110,
        render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{statusLabel(row.status)}</Tag>,
      },
      { key: 'userName', title: 'Customer', width: 180, render: (_, row) => row.userName },
      { key: 'accountName', title: 'Company', width: 180, render: (_, row) => row.accountName ?? EMPTY },
      {
        key: 'meetingType',
        title: 'Meeting',
        width: 140,
        render: (_, row) => meetingTypeLabel(row.meetingType),
      },
      { key: 'purpose', title: 'Purpose', width: 220, render: (_, row) => row.purpose },
      { key: 'stoneCount', title: 'Stones', width: 80, render: (_, row) => row.stoneCount },
      { key: 'createdAt', title: 'Requested', width: 170, render: (_, row) => formatDateTime(row.createdAt) },
    ]);
  }, [mayDecide, approve, navigate]);

  return (
    <ScreenCard>
      <PageHeader
        title="Appointments"
        extra={
          <ExportButton onExport={(format) => appointmentsApi.export(withInstants(list.body), format)} />
        }
      />
      <ListToolbar list={list} placeholder="Search number, customer, company or purpose">
        <PhoneFilters count={Number.POSITIVE_INFINITY} active={Object.keys(filter).length}>
          <Select<number[]>
            // Drawn whole, so assistive technology reads each choice by its label, never its id.
            virtual={false}
            mode="multiple"
            allowClear
            aria-label="Filter by status"
            placeholder="Status"
            style={{ minWidth: 140 }}
            options={APPOINTMENT_STATUS_OPTIONS.map(({ value, label }) => ({ value, label }))}
            value={Array.isArray(filter.status) ? filter.status.map(Number) : []}
            onChange={(value) => list.setFilter('status', value)}
          />
          <Select<string>
            virtual={false}
            allowClear
            aria-label="Filter by location"
            placeholder="Location"
            style={{ minWidth: 160 }}
            options={locations.map((location) => ({ value: location.id, label: location.name }))}
            value={locationId ?? null}
            onChange={(value) => {
              list.setFilter('locationId', value ?? undefined);
              list.setFilter('cabinId', undefined);
            }}
          />
          <Select<string>
            virtual={false}
            allowClear
            aria-label="Filter by cabin"
            placeholder="Cabin"
            style={{ minWidth: 160 }}
            options={cabinOptions}
            value={typeof filter.cabinId === 'string' ? filter.cabinId : null}
            onChange={(value) => list.setFilter('cabinId', value ?? undefined)}
          />
          <Select<number[]>
            virtual={false}
            mode="multiple"
            allowClear
            aria-label="Filter by meeting type"
            placeholder="Meeting"
            style={{ minWidth: 150 }}
            options={MEETING_TYPE_OPTIONS.map(({ value, label }) => ({ value, label }))}
            value={Array.isArray(filter.meetingType) ? filter.meetingType.map(Number) : []}
            onChange={(value) => list.setFilter('meetingType', value)}
          />
          <DateFilter list={list} name="startsAt" spec={STARTS_FILTER} />
          <CustomerFilters list={list} />
        </PhoneFilters>
      </ListToolbar>
      <ServerTable list={list} columns={columns} rowKey="id" emptyText="No appointments" />
      {cancelling && <CancelDialog appointment={cancelling} onClose={() => setCancelling(null)} />}
    </ScreenCard>
  );
}
