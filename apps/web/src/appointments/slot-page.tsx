import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { resourceRefs, slotResource, WEEK_DAY_OPTIONS } from '@facet/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { Event } from 'react-big-calendar';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import { Link, useSearchParams } from 'react-router';
import { call } from '../platform/api/api-client.ts';
import { panelPath } from '../platform/app/paths.ts';
import { toast } from '../platform/app/toast.ts';
import { formatDate } from '../platform/lists/format.ts';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { ScreenCard } from '../platform/lists/screen-card.tsx';
import { resourceKey } from '../platform/resources/resource-api.ts';
import { usePermissions } from '../platform/session/use-holder.ts';
import { CALENDAR_FORMATS, dragCalendar, localizer } from './calendar-setup.ts';
import {
  type SlotRecord,
  slotApi,
  useCabinOptions,
  useCabins,
  useLocations,
  zoneOfLocation,
} from './places.ts';
import { SlotDialog, type SlotDraft } from './slot-dialog.tsx';
import { timeOf, zoneLabel } from './zone-time.ts';

const refs = resourceRefs(slotResource);

/** The week the weekly slots are drawn on: any week from a Monday; only the week days are shown. */
const MONDAY = new Date(2024, 0, 1);

interface SlotEvent extends Event {
  slot: SlotRecord;
  start: Date;
  end: Date;
}

const SlotCalendar = dragCalendar<SlotEvent>();

const dayOfWeek = (weekDay: number, time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(2024, 0, weekDay, hours, minutes);
};
const weekDayOf = (date: Date) => ((date.getDay() + 6) % 7) + 1;
const weekDayName = (weekDay: number) =>
  WEEK_DAY_OPTIONS.find((option) => option.value === weekDay)?.label ?? '';
const stamp = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

/** When the slot applies, in words. */
function validity(slot: SlotRecord): string {
  const from = `from ${formatDate(slot.validFrom)}`;
  return slot.validTo ? `${from} to ${formatDate(slot.validTo)}` : from;
}

/**
 * Appointment → Slot: when one cabin opens, as a week from Monday. An empty stretch clicked adds a slot,
 * a block clicked opens it; dragging or stretching a block moves its times.
 */
export function SlotPage() {
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const { cabins, loading } = useCabins();
  const { locations } = useLocations();
  const cabinOptions = useCabinOptions(cabins);
  const cabinId = search.get('cabin') ?? cabins[0]?.id ?? null;
  const cabin = cabins.find((entry) => entry.id === cabinId);
  const timeZone = zoneOfLocation(locations, cabin?.locationId);
  const [dialog, setDialog] = useState<{ slot?: SlotRecord; draft?: SlotDraft } | null>(null);
  const mayAdd = can('Slot', 'insert');
  const mayChange = can('Slot', 'update');

  const slots = useQuery({
    queryKey: [...resourceKey(slotResource.name), 'of-cabin', cabinId],
    queryFn: () => slotApi.paginate({ page: 1, limit: 500, filter: { cabinId }, sort: { weekDay: 'asc' } }),
    enabled: Boolean(cabinId),
  });
  const events = useMemo<SlotEvent[]>(
    () =>
      ((slots.data?.list ?? []) as SlotRecord[]).map((slot) => ({
        slot,
        start: dayOfWeek(slot.weekDay, slot.startTime),
        end: dayOfWeek(slot.weekDay, slot.endTime),
        title: `${slot.slotMinutes}-minute slots`,
      })),
    [slots.data],
  );

  const move = ({ event, start, end }: EventInteractionArgs<SlotEvent>) => {
    const [from, to] = [stamp(start), stamp(end)];
    if (weekDayOf(from) !== weekDayOf(to) && timeOf(to) !== '00:00') {
      toast.error('A slot ends on the day it starts.');
      return;
    }
    const body = { weekDay: weekDayOf(from), startTime: timeOf(from), endTime: timeOf(to) };
    void call(refs.update as NonNullable<typeof refs.update>, body, { params: { id: event.slot.id } })
      .then(() =>
        toast.success(`Slot moved to ${weekDayName(body.weekDay)} ${body.startTime}–${body.endTime}.`),
      )
      .catch(() => undefined)
      .finally(() => void queryClient.invalidateQueries({ queryKey: resourceKey(slotResource.name) }));
  };

  return (
    <ScreenCard>
      <PageHeader
        title="Slots"
        extra={
          <>
            <Link to={panelPath('slot/list')}>
              <Button>All slots as a list</Button>
            </Link>
            {mayAdd && cabin && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
                Add a slot
              </Button>
            )}
          </>
        }
      />
      <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap', marginBottom: 16 }}>
        <Select<string>
          // Drawn whole, so assistive technology reads each choice by its label, never its id.
          virtual={false}
          aria-label="Cabin"
          placeholder="Choose a cabin"
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 260 }}
          loading={loading}
          options={cabinOptions}
          value={cabin ? cabin.id : null}
          onChange={(value) => setSearch({ cabin: value }, { replace: true })}
        />
        {cabin && (
          <Typography.Text type="secondary" data-testid="slot-zone">
            Times in {zoneLabel(timeZone)}, the time zone of {cabin.locationTitle ?? 'its location'}.
          </Typography.Text>
        )}
      </div>
      {!loading && cabins.length === 0 ? (
        <Empty description="Add a cabin first: slots say when a cabin is open.">
          {can('Cabin', 'insert') && (
            <Link to={panelPath('cabin/upsert')}>
              <Button type="primary">Add a cabin</Button>
            </Link>
          )}
        </Empty>
      ) : (
        <SlotCalendar
          className="facet-calendar"
          localizer={localizer}
          formats={{ ...CALENDAR_FORMATS, dayFormat: 'dddd' }}
          events={events}
          defaultView="week"
          views={['week']}
          date={MONDAY}
          onNavigate={() => undefined}
          toolbar={false}
          step={15}
          timeslots={4}
          scrollToTime={new Date(2024, 0, 1, 8)}
          selectable={mayAdd && Boolean(cabin)}
          resizable={mayChange}
          draggableAccessor={() => mayChange}
          onSelectSlot={({ start, end }) => {
            const [from, to] = [stamp(start), stamp(end)];
            const sameDay = weekDayOf(from) === weekDayOf(to) && to.getTime() - from.getTime() > 15 * 60_000;
            const until = sameDay ? to : new Date(from.getTime() + 3 * 3_600_000);
            setDialog({
              draft: {
                weekDay: weekDayOf(from),
                startTime: timeOf(from),
                endTime: weekDayOf(until) === weekDayOf(from) ? timeOf(until) : '23:45',
              },
            });
          }}
          onSelectEvent={(event) => setDialog({ slot: event.slot })}
          onEventDrop={move}
          onEventResize={move}
          tooltipAccessor={(event) =>
            `${weekDayName(event.slot.weekDay)} ${event.slot.startTime}–${event.slot.endTime}, ${event.slot.slotMinutes}-minute slots, ${validity(event.slot)}${event.slot.isActive === false ? ' (inactive)' : ''}`
          }
          eventPropGetter={(event) => ({
            className: `slot-block${event.slot.isActive === false ? ' is-idle' : ''}`,
          })}
        />
      )}
      {dialog && cabin && (
        <SlotDialog
          cabinId={cabin.id}
          cabinName={cabin.name}
          slot={dialog.slot}
          draft={dialog.draft}
          onClose={() => setDialog(null)}
        />
      )}
    </ScreenCard>
  );
}
