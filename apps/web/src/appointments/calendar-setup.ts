import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import './appointment-calendar.css';
import dayjs from 'dayjs';
import type { ComponentType } from 'react';
import {
  Calendar,
  type CalendarProps,
  type DateLocalizer,
  dayjsLocalizer,
  type Formats,
} from 'react-big-calendar';
import dragAndDrop, { type withDragAndDropProps } from 'react-big-calendar/lib/addons/dragAndDrop';

/** Days from the week's Monday. */
const sinceMonday = (date: Date) => (date.getDay() + 6) % 7;

/** The Monday of `date`'s week, at midnight. */
export function mondayOf(date: Date): Date {
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  day.setDate(day.getDate() - sinceMonday(day));
  return day;
}

/**
 * The dayjs localizer, with weeks from Monday: the calendar asks dayjs for the start of a week, which the
 * English locale puts on Sunday, and changing the global locale would change every date picker of the panel.
 */
function mondayLocalizer(): DateLocalizer {
  const localizer = dayjsLocalizer(dayjs);
  const startOf = localizer.startOf.bind(localizer);
  const endOf = localizer.endOf.bind(localizer);
  localizer.startOfWeek = () => 1;
  localizer.startOf = ((date: Date, unit: string, ...rest: unknown[]) => {
    if (unit !== 'week') return (startOf as (...args: unknown[]) => Date)(date, unit, ...rest);
    return mondayOf(date);
  }) as DateLocalizer['startOf'];
  localizer.endOf = ((date: Date, unit: string, ...rest: unknown[]) => {
    if (unit !== 'week') return (endOf as (...args: unknown[]) => Date)(date, unit, ...rest);
    const day = new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59, 59, 999);
    day.setDate(day.getDate() + 6 - sinceMonday(day));
    return day;
  }) as DateLocalizer['endOf'];
  return localizer;
}

export const localizer = mondayLocalizer();

/** 24-hour times and spelt months, the panel's one format. */
export const CALENDAR_FORMATS: Formats = {
  timeGutterFormat: 'HH:mm',
  eventTimeRangeFormat: ({ start, end }) => `${dayjs(start).format('HH:mm')}–${dayjs(end).format('HH:mm')}`,
  selectRangeFormat: ({ start, end }) => `${dayjs(start).format('HH:mm')}–${dayjs(end).format('HH:mm')}`,
  dayFormat: 'ddd D MMM',
  dayHeaderFormat: 'dddd D MMM YYYY',
  dayRangeHeaderFormat: ({ start, end }) =>
    `${dayjs(start).format('D MMM')} – ${dayjs(end).format('D MMM YYYY')}`,
};

export type DragCalendarProps<TEvent extends object, TResource extends object> = CalendarProps<
  TEvent,
  TResource
> &
  withDragAndDropProps<TEvent, TResource>;

/**
 * The addon is CommonJS (`exports.default`): the build hands over its whole exports object as the default
 * import, the types the function itself.
 */
const withDragAndDrop: typeof dragAndDrop =
  typeof dragAndDrop === 'function'
    ? dragAndDrop
    : (dragAndDrop as unknown as { default: typeof dragAndDrop }).default;

/** The calendar with dragging and resizing of its events, typed by them. */
export function dragCalendar<TEvent extends object, TResource extends object = object>(): ComponentType<
  DragCalendarProps<TEvent, TResource>
> {
  return withDragAndDrop<TEvent, TResource>(
    Calendar as unknown as ComponentType<CalendarProps<TEvent, TResource>>,
  );
}
