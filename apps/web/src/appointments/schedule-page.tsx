import type { AppointmentRecord, ScheduleAnswer } from '@facet/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { Event, View } from 'react-big-calendar';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import { useSearchParams } from 'react-router';
import { toast } from '../platform/app/toast.ts';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { ScreenCard } from '../platform/lists/screen-card.tsx';
import { usePermissions } from '../platform/session/use-holder.ts';
import { STATUS_CLASSES, statusLabel, whenAt, whenForViewer } from './appointment-format.ts';
import { APPOINTMENT_REFS } from './appointment-refs.ts';
import { appointmentKey, appointmentsApi, scheduleKey } from './appointments-api.ts';
import { BookingDrawer } from './booking-drawer.tsx';
import { CALENDAR_FORMATS, dragCalendar, localizer, mondayOf } from './calendar-setup.ts';
import { useLocations } from './places.ts';
import { dayOf, floatingDate, instantOf, VIEWER_TIME_ZONE, zoneLabel } from './zone-time.ts';

type ScheduleView = 'day' | 'week';

interface BookingEvent extends Event {
  kind: 'booking';
  appointment: AppointmentRecord;
  start: Date;
  end: Date;
  resourceId: string;
}

interface OpenEvent extends Event {
  kind: 'open';
  start: Date;
  end: Date;
  resourceId: string;
}

type CalendarEvent = BookingEvent | OpenEvent;
interface CabinColumn {
  id: string;
  title: string;
}
const ScheduleCalendar = dragCalendar<CalendarEvent, CabinColumn>();

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MESSAGES = {
  today: 'Today',
  previous: 'Back',
  next: 'Next',
  day: 'Day',
  week: 'Week',
  noEventsInRange: 'No appointments.',
};
const stamp = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);
const dateOfDay = (day: string) => {
  const [year = 2000, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
};

/** The days the calendar shows around `date`: the day, or its week from Monday. */
function rangeOf(date: Date, view: ScheduleView): [string, string] {
  if (view === 'day') return [dayOf(date), dayOf(date)];
  const monday = mondayOf(date);
  const sunday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 6);
  return [dayOf(monday), dayOf(sunday)];
}

/**
 * Appointment → Schedule: every cabin of one location as a day (a column per cabin) or a week, on the
 * location's clock. Open hours show behind the bookings; a booking dragged to another time or cabin is
 * moved (or snaps back when refused), and clicked opens it.
 */
export function SchedulePage() {
  const queryClient = useQueryClient();
  const { canCall } = usePermissions();
  const [search, setSearch] = useSearchParams();
  const { locations, loading } = useLocations();
  const locationId = search.get('location') ?? locations[0]?.id ?? null;
  const location = locations.find((entry) => entry.id === locationId);
  const timeZone = location?.timeZone ?? 'UTC';
  const view: ScheduleView = search.get('view') === 'week' ? 'week' : 'day';
  const dayParam = search.get('date');
  const date = dayParam && DAY.test(dayParam) ? dateOfDay(dayParam) : floatingDate(new Date(), timeZone);
  const [from, to] = rangeOf(date, view);
  const [openedId, setOpenedId] = useState<string | null>(search.get('open'));
  const mayMove = canCall(APPOINTMENT_REFS.move);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setSearch(next, { replace: true });
  };

  const schedule = useQuery({
    queryKey: [...scheduleKey, locationId, from, to],
    queryFn: () => appointmentsApi.schedule(from, to, locationId ?? undefined),
    enabled: Boolean(locationId),
    placeholderData: keepPreviousData,
  });
  const answer: ScheduleAnswer | undefined = schedule.data;
  const resources = useMemo(
    () => (answer?.cabins ?? []).map((cabin) => ({ id: cabin.id, title: cabin.name })),
    [answer],
  );
  const events = useMemo<BookingEvent[]>(
    () =>
      (answer?.appointments ?? []).map((appointment) => ({
        kind: 'booking',
        appointment,
        start: floatingDate(appointment.startsAt, timeZone),
        end: floatingDate(appointment.endsAt, timeZone),
        resourceId: appointment.cabinId,
        title:
          view === 'week'
            ? `${appointment.userName} · ${appointment.cabinName}`
            : `${appointment.userName}${appointment.accountName ? `, ${appointment.accountName}` : ''}`,
      })),
    [answer, timeZone, view],
  );
  const openHours = useMemo<OpenEvent[]>(
    () =>
      (answer?.windows ?? []).map((window) => ({
        kind: 'open',
        start: floatingDate(window.startsAt, timeZone),
        end: floatingDate(window.endsAt, timeZone),
        resourceId: window.cabinId,
        title:
          view === 'week'
            ? `Open: ${answer?.cabins.find((cabin) => cabin.id === window.cabinId)?.name ?? ''}`
            : 'Open',
      })),
    [answer, timeZone, view],
  );
  const earliest = useMemo(() => {
    const hours = openHours.map((event) => event.start.getHours());
    return new Date(2000, 0, 1, hours.length > 0 ? Math.max(0, Math.min(...hours) - 1) : 8);
  }, [openHours]);
  const opened = openedId
    ? answer?.appointments.find((appointment) => appointment.id === openedId)
    : undefined;

  // An address naming a booking of another day (from the list) keeps it open once the day has loaded.
  useEffect(() => {
    if (openedId && answer && !opened && search.get('open') !== openedId) setOpenedId(null);
  }, [answer, opened, openedId, search]);

  const move = ({ event, start, resourceId }: EventInteractionArgs<CalendarEvent>) => {
    if (event.kind !== 'booking') return;
    const startsAt = instantOf(stamp(start), timeZone);
    const cabinId =
      typeof resourceId === 'string' && resourceId !== event.appointment.cabinId ? resourceId : undefined;
    if (startsAt === new Date(event.appointment.startsAt).toISOString() && !cabinId) return;
    void appointmentsApi
      .move(event.appointment.id, startsAt, cabinId)
      .then((envelope) => toast.success(envelope.message))
      .catch(() => undefined)
      .finally(() => void queryClient.invalidateQueries({ queryKey: appointmentKey }));
  };

  return (
    <ScreenCard>
      <PageHeader title="Schedule" />
      <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap', marginBottom: 16 }}>
        <Select<string>
          // Drawn whole, so assistive technology reads each choice by its label, never its id.
          virtual={false}
          aria-label="Location"
          placeholder="Choose a location"
          style={{ minWidth: 220 }}
          loading={loading}
          options={locations.map((entry) => ({ value: entry.id, label: entry.name }))}
          value={location ? location.id : null}
          onChange={(value) => update({ location: value, open: null })}
        />
        {location && (
          <Typography.Text type="secondary" data-testid="schedule-zone">
            Times in {zoneLabel(timeZone)}, the time zone of {location.name}
            {zoneLabel(timeZone) === zoneLabel(VIEWER_TIME_ZONE)
              ? ', which is yours.'
              : `; yours is ${zoneLabel(VIEWER_TIME_ZONE)} (each booking's tip says its time there).`}
          </Typography.Text>
        )}
      </div>
      {locations.length > 0 && (
        <div className="calendar-legend" data-testid="schedule-legend">
          <span>
            <i className="is-pending" /> Pending
          </span>
          <span>
            <i className="is-approved" /> Approved
          </span>
          <span>
            <i className="is-open" /> Open hours
          </span>
          <span>
            <i className="is-closed" /> Closed
          </span>
        </div>
      )}
      {!loading && locations.length === 0 ? (
        <Empty description="Add a location and its cabins first." />
      ) : (
        <ScheduleCalendar
          className="facet-calendar schedule-calendar"
          localizer={localizer}
          formats={CALENDAR_FORMATS}
          messages={MESSAGES}
          events={events as CalendarEvent[]}
          backgroundEvents={openHours as CalendarEvent[]}
          view={view as View}
          views={['day', 'week']}
          onView={(next) => update({ view: next === 'week' ? 'week' : null })}
          date={date}
          onNavigate={(next) => update({ date: dayOf(next) })}
          {...(view === 'day' && resources.length > 0
            ? { resources, resourceIdAccessor: 'id' as const, resourceTitleAccessor: 'title' as const }
            : {})}
          resourceAccessor="resourceId"
          step={15}
          timeslots={2}
          dayLayoutAlgorithm="no-overlap"
          scrollToTime={earliest}
          resizable={false}
          draggableAccessor={(event) => mayMove && event.kind === 'booking'}
          onEventDrop={move}
          onSelectEvent={(event) => event.kind === 'booking' && setOpenedId(event.appointment.id)}
          tooltipAccessor={(event) => {
            if (event.kind !== 'booking') return 'Open hours';
            const { appointment } = event;
            const yours = whenForViewer(appointment, VIEWER_TIME_ZONE);
            return [
              `${appointment.userName} · ${statusLabel(appointment.status)}`,
              `${appointment.cabinName}, ${whenAt(appointment)}`,
              ...(yours ? [yours] : []),
            ].join('\n');
          }}
          eventPropGetter={(event) => ({
            className: event.kind === 'booking' ? STATUS_CLASSES[event.appointment.status] : 'open-hours',
          })}
        />
      )}
      {opened && (
        <BookingDrawer
          key={opened.id}
          appointment={opened}
          onClose={() => {
            setOpenedId(null);
            update({ open: null });
          }}
        />
      )}
    </ScreenCard>
  );
}
